# selftest move_mount_test.c beneath_rootfs_in_chroot_success, its last step: the chroot_dir tmpfs
#   stacked on the clone is detached with umount2(".", MNT_DETACH), here umount -l /.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026); move_mount-beneath_rootfs_in_chroot_success.sh, then its umount. umount2() walks with
#   LOOKUP_MOUNTPOINT, down to the top of what is stacked on the root. docs/semantics.md §2.18.
# expected: every line works; the clone alone is left at /.
# kernels: 7.2
# assert:
#   failures none
#   at / 1
mount -t tmpfs root /mnt
mkdir -p /mnt/chroot_dir
mount -t tmpfs chroot_dir /mnt/chroot_dir
chroot /mnt/chroot_dir
mountfd open_tree t / OPEN_TREE_CLONE
mountfd move_mount t / MOVE_MOUNT_BENEATH
mountfd chroot t
mountfd close t
umount -l /
