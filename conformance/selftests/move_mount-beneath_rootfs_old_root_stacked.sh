# selftest move_mount_test.c beneath_rootfs_old_root_stacked: after a clone of the root is mounted
#   beneath the root and the caller chroots into it, the old root sits on the clone.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026); the same steps as move_mount-beneath_rootfs_success.sh (the root first changed into a
#   tmpfs of the scenario) up to the chroot. The test's statmount() of the old root's parent id is
#   the parent field of its mountinfo row; its closing umount2(".", MNT_DETACH) is the last line
#   of move_mount-beneath_rootfs_success.sh. docs/semantics.md §2.16, §2.18.
# expected: every line works; two mounts at /, the old root (with its vol at /mnt/vol) on the clone.
# kernels: 7.2
# assert:
#   failures none
#   at / 2
#   top / parent /
#   top /mnt/vol parent /
mount -t tmpfs root /mnt
mkdir -p /mnt/rootfs
mount -t tmpfs rootfs /mnt/rootfs
mkdir -p /mnt/rootfs/mnt/vol
mount -t tmpfs vol /mnt/rootfs/mnt/vol
chroot /mnt/rootfs
mountfd open_tree t / OPEN_TREE_CLONE
mountfd move_mount t / MOVE_MOUNT_BENEATH
mountfd chroot t
mountfd close t
