# selftest move_mount_test.c beneath_rootfs_locked_containment: as beneath_rootfs_locked_transfer,
#   and the new root, which took the lock, cannot be detached: the caller stays contained.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026); the steps of move_mount-beneath_rootfs_locked_transfer.sh with the test's two
#   umount2("/", MNT_DETACH) checks: before the move (the locked root, EINVAL) and after the old
#   root is gone (the locked clone, EINVAL). docs/semantics.md §2.16, §2.18.
# expected: lines 20 and 26 are EINVAL, every other line works; the clone is the root.
# kernels: 7.2
# assert:
#   failures 20:EINVAL 26:EINVAL
#   at / 1
#   at /mnt/vol 1
mount -t tmpfs root /mnt
mkdir -p /mnt/rootfs
mount -t tmpfs rootfs /mnt/rootfs
mkdir -p /mnt/rootfs/mnt/vol
mount -t tmpfs vol /mnt/rootfs/mnt/vol
unshare -Urm
chroot /mnt/rootfs
umount -l /
mountfd open_tree t / OPEN_TREE_CLONE AT_RECURSIVE
mountfd move_mount t / MOVE_MOUNT_BENEATH
mountfd chroot t
mountfd close t
umount -l /
umount -l /
