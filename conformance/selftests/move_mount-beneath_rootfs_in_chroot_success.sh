# selftest move_mount_test.c beneath_rootfs_in_chroot_success: chrooted into a tmpfs of its own,
#   mounting a clone of it beneath / works, and after a chroot into the clone that tmpfs's parent
#   is the clone.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026): chroot_dir is a tmpfs on a directory of the root mount, here /mnt/chroot_dir on the
#   scenario's tmpfs at /mnt; fchdir(fd_tree), chroot(".") are mountfd chroot t. The statmount()
#   of chroot_dir's parent id is the parent field of its row; the closing umount2(".",
#   MNT_DETACH) is move_mount-beneath_rootfs_in_chroot_success-cleanup.sh. docs/semantics.md
#   §2.16, §2.18.
# expected: every line works; two mounts at /, the chroot_dir tmpfs on the clone.
# kernels: 7.2
# assert:
#   failures none
#   at / 2
#   top / parent /
#   top / source chroot_dir
mount -t tmpfs root /mnt
mkdir -p /mnt/chroot_dir
mount -t tmpfs chroot_dir /mnt/chroot_dir
chroot /mnt/chroot_dir
mountfd open_tree t / OPEN_TREE_CLONE
mountfd move_mount t / MOVE_MOUNT_BENEATH
mountfd chroot t
mountfd close t
