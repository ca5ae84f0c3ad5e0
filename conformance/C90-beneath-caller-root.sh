# C90 MOVE_MOUNT_BENEATH onto the caller's root, mountfd chroot into the clone, and umount of /.
# source: can_move_mount_beneath() and do_lock_mount() (fs/namespace.c; 6ac392815628 refuses the
#   caller's root mount from v6.5, the 2026 rootfs-beneath series accepts it), fchdir(2) and
#   chroot(2) (fs/open.c), umount2(2) with LOOKUP_MOUNTPOINT (path_lookupat()'s
#   handle_lookup_down(), fs/namei.c), do_umount_root(); docs/semantics.md §2.16, §2.18, §8.2.
# expected: mountfd chroot of a name that holds nothing is EBADF (line 21), of a file ENOTDIR (23).
#   On 7.2 the recursive clone of the root r goes beneath it (line 25); after the chroot into the
#   clone, umount / reaches r stacked on the clone's root: EBUSY (its child vol, line 28), then
#   umount -l / detaches r with vol, and the last umount / is the root itself: do_umount_root()
#   makes its filesystem read-only (ro in the last field). 6.12 and 6.18 refuse the caller's root
#   mount as the top (EINVAL, line 25), 5.10 and 6.1 know no MOVE_MOUNT_BENEATH: the root is then
#   the detached clone, dissolved by the close, so every umount of / is EINVAL and nothing shows.
# observed on Linux 7.2.13 and 6.18.44: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/r
mount -t tmpfs r /mnt/r
mkdir -p /mnt/r/mnt/vol
touch /mnt/r/mnt/file
mount -t tmpfs vol /mnt/r/mnt/vol
chroot /mnt/r
mountfd chroot nope
mountfd open_tree f /mnt/file
mountfd chroot f
mountfd open_tree t / OPEN_TREE_CLONE AT_RECURSIVE
mountfd move_mount t / MOVE_MOUNT_BENEATH
mountfd chroot t
mountfd close t
umount /
umount -l /
umount /
