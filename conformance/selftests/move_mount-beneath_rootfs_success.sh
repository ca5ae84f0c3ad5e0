# selftest move_mount_test.c beneath_rootfs_success: a clone of the root mounted beneath the root
#   becomes the root after a chroot into it, and the old root can then be detached.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026). The test acts on the namespace's own root; a scenario's starting root is the host's, so
#   here the root is first changed into a tmpfs of the scenario (chroot /mnt/rootfs, which holds a
#   mount vol at /mnt/vol). open_tree(OPEN_TREE_CLONE) of / copies the root alone;
#   fchdir(fd_tree) and, after the move and the close, chroot(".") are the line mountfd chroot t
#   (before the close: the working directory already held the clone); umount2(".", MNT_DETACH) is
#   umount -l /, whose walk goes down to the old root stacked on the clone. docs/semantics.md
#   §2.16, §2.18 (BENEATH_UNDER_CALLER_ROOT).
# expected: every line works; the root is the clone (its vol is not copied), the old root has gone
#   with its vol: one mount at /, none below /mnt.
# kernels: 7.2
# assert:
#   failures none
#   at / 1
#   count /mnt 0
#   top / source rootfs
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
umount -l /
