# C44 A recursive detached copy of a shared subtree, and a umount of the original's child.
# source: open_tree() (copy_tree() of peers), propagate_umount() (fs/pnode.c); docs/semantics.md
#   §2.15.
# /mnt/a is shared with a tmpfs on /mnt/a/s; t copies both (peers of the originals).
# expected: the umount of /mnt/a/s propagates to t's copy of it, a peer, although t is detached
#   (propagate_umount() does not look at namespaces): t attached at /mnt/b holds no s.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b
mount -t tmpfs x /mnt/a
mount --make-shared /mnt/a
mkdir -p /mnt/a/s
mount -t tmpfs y /mnt/a/s
mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE
umount /mnt/a/s
mountfd move_mount t /mnt/b
