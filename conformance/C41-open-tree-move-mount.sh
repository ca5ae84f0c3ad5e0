# C41 open_tree(OPEN_TREE_CLONE | AT_RECURSIVE) and move_mount(): a detached copy of a subtree is
#   attached, then its descriptor refers to an attached mount.
# source: open_tree(), do_move_mount(), attach_recursive_mnt() (fs/namespace.c); docs/semantics.md
#   §2.15.
# /mnt is shared, /mnt/a holds a tmpfs with another on /mnt/a/d.
# expected: t (recursive) copies both mounts as peers of the originals; u copies /mnt/a alone and
#   is dissolved by its close. Attached at /mnt/b, t's tree joins the peer groups. Moving t again
#   is a move of an attached mount under a shared parent: EINVAL (line 19). A name never made is
#   EBADF (line 20), a missing path ENOENT (line 22).
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c
mount --make-shared /mnt
mount -t tmpfs x /mnt/a
mkdir -p /mnt/a/d
mount -t tmpfs y /mnt/a/d
mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE
mountfd open_tree u /mnt/a OPEN_TREE_CLONE
mountfd move_mount t /mnt/b
mountfd move_mount t /mnt/c
mountfd move_mount zz /mnt/c
mountfd close u
mountfd open_tree v /mnt/nothere
