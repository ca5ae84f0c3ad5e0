# C50 move_mount(MOVE_MOUNT_BENEATH): a detached tree or an attached mount goes between the top
#   mount at the target and its parent, and its copies slide under the parent's receivers' mounts.
# source: do_move_mount() with can_move_mount_beneath() and attach_recursive_mnt()
#   (fs/namespace.c, 6ac392815628, v6.5); docs/semantics.md §2.16.
# expected: t (a copy of s) goes on p at /mnt/p/a with a on it, and its copy on q slides under the
#   copy of a there; u moves from /mnt/u beneath b the same way; the top of the stack at /mnt/c
#   (c2) moves beneath bb, and a copy of c then goes beneath bb again, between c2 and bb. 5.10 and
#   6.1 have no MOVE_MOUNT_BENEATH: EINVAL on lines 19, 22, 26, 28 (NO_MOVE_MOUNT_BENEATH).
# observed on Linux 6.18, 6.12, 7.2: as expected; 5.10 and 6.1: EINVAL on the four lines.
mount -t tmpfs top /mnt
mkdir -p /mnt/p /mnt/q /mnt/s /mnt/u /mnt/c /mnt/b
mount -t tmpfs p /mnt/p
mkdir -p /mnt/p/a /mnt/p/b
mount --make-shared /mnt/p
mount --bind /mnt/p /mnt/q
mount -t tmpfs a /mnt/p/a
mount -t tmpfs s /mnt/s
mountfd open_tree t /mnt/s OPEN_TREE_CLONE
mountfd move_mount t /mnt/p/a MOVE_MOUNT_BENEATH
mount -t tmpfs b /mnt/p/b
mount -t tmpfs u /mnt/u
mountfd move_mount /mnt/u /mnt/p/b MOVE_MOUNT_BENEATH
mount -t tmpfs c /mnt/c
mount -t tmpfs c2 /mnt/c
mount -t tmpfs bb /mnt/b
mountfd move_mount /mnt/c /mnt/b MOVE_MOUNT_BENEATH
mountfd open_tree v /mnt/c OPEN_TREE_CLONE AT_RECURSIVE
mountfd move_mount v /mnt/b MOVE_MOUNT_BENEATH
