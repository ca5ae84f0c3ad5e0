# C48 move_mount(MOVE_MOUNT_SET_GROUP): a private mount joins the peer group (and the master) of
#   another mount of the same filesystem, and where it goes in the peer ring and the slave list.
# source: do_set_group() (fs/namespace.c, 9ffb14ef61ba, v5.15), the selftest
#   tools/testing/selftests/move_mount_set_group/move_mount_set_group_test.c; docs/semantics.md
#   §2.16.
# expected: c joins b1's group right after b1 (the copies of s go to b2, b1, c in that order), e
#   becomes a slave of a right after d1 (d2, d1, e), f (root /sub) joins a's group, g joins it from
#   a detached copy of a. 5.10 has no MOVE_MOUNT_SET_GROUP: every such line is EINVAL there
#   (NO_MOVE_MOUNT_SET_GROUP), the mounts stay private and receive nothing.
# observed on Linux 6.18, 6.12, 7.2: as expected; 5.10: EINVAL on lines 20, 27, 30, 34.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b1 /mnt/b2 /mnt/c /mnt/d1 /mnt/d2 /mnt/e /mnt/f /mnt/g
mount -t tmpfs x /mnt/a
mkdir -p /mnt/a/s /mnt/a/sub
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b1
mount --bind /mnt/a /mnt/b2
mount --bind /mnt/a /mnt/c
mount --make-private /mnt/c
mountfd move_mount /mnt/b1 /mnt/c MOVE_MOUNT_SET_GROUP
mount --bind /mnt/a /mnt/d1
mount --make-slave /mnt/d1
mount --bind /mnt/a /mnt/d2
mount --make-slave /mnt/d2
mount --bind /mnt/a /mnt/e
mount --make-private /mnt/e
mountfd move_mount /mnt/d1 /mnt/e MOVE_MOUNT_SET_GROUP
mount --bind /mnt/a/sub /mnt/f
mount --make-private /mnt/f
mountfd move_mount /mnt/a /mnt/f MOVE_MOUNT_SET_GROUP
mountfd open_tree t /mnt/a OPEN_TREE_CLONE
mount --bind /mnt/a /mnt/g
mount --make-private /mnt/g
mountfd move_mount t /mnt/g MOVE_MOUNT_SET_GROUP
mount -t tmpfs s /mnt/a/s
