# C62 pivot_root onto a removed directory (ENOENT), onto a locked mount (EINVAL), and in a
#   namespace of a new user namespace, where the root is a locked copy: the new root takes the
#   lock and the old root at PUT_OLD loses it.
# source: pivot_root(2) (lock_mount(), MNT_LOCKED of new_mnt, d_unlinked(), the lock moved from
#   root_mnt to new_mnt; fs/namespace.c), lock_mnt_tree(); docs/semantics.md §2.18.
# expected: ENOENT at line 18 (/mnt/del's root was removed); after unshare -Urm and a chroot into
#   the copy of /mnt/jail the copies are locked: EINVAL at line 21. The pivot at line 24 works
#   (the jail is attached), and the jail at /mnt/old is no longer locked: its umount is EBUSY (lk
#   is on it), not EINVAL, and the lazy umount takes it away. The same on every kernel.
mount -t tmpfs top /mnt
mkdir -p /mnt/src/d /mnt/del /mnt/jail
mount --bind /mnt/src/d /mnt/del
mount -t tmpfs jail /mnt/jail
mkdir -p /mnt/jail/mnt/lk /mnt/jail/mnt/n
mount -t tmpfs lk /mnt/jail/mnt/lk
mkdir -p /mnt/jail/mnt/lk/old
rmdir /mnt/src/d
pivot_root /mnt/del /mnt/del
unshare -Urm
chroot /mnt/jail
pivot_root /mnt/lk /mnt/lk/old
mount -t tmpfs n /mnt/n
mkdir -p /mnt/n/mnt/old /mnt/n/mnt/m
pivot_root /mnt/n /mnt/n/mnt/old
umount /mnt/old
umount -l /mnt/old
mount -t tmpfs m /mnt/m
