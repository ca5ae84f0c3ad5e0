# C47 open_tree() of a name that holds no descriptor, and mount_setattr() through a descriptor
# whose mount has left the caller's namespace.
# source: open_tree() and do_mount_setattr() (fs/namespace.c); docs/semantics.md §2.15.
# expected: a name that holds nothing is passed as descriptor -1: EBADF (line 11). A plain
#   open_tree() descriptor still holds /mnt/a after umount -l, but the mount is in no namespace
#   now, and mount_setattr() refuses it with EINVAL (line 14); the call is not a no-op (it sets
#   ro), so the target is looked at.
mount -t tmpfs top /mnt
mkdir -p /mnt/a
mount -t tmpfs a /mnt/a
mountfd open_tree t nope
mountfd open_tree p /mnt/a
umount -l /mnt/a
mountfd mount_setattr p attr_set=ro
mountfd close p
