# selftest move_mount_test.c beneath_rootfs_locked_transfer: in a new user and mount namespace,
#   mounting a clone beneath the locked root moves the lock to the clone, so the old root can be
#   detached and the clone stays the root.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026): setup_userns() is unshare -Urm, after which every copied mount is locked; the root is
#   then changed into the locked copy of the scenario's tmpfs at /mnt/rootfs (with vol at
#   /mnt/vol, locked too). open_tree(OPEN_TREE_CLONE | AT_RECURSIVE) of /, fchdir and chroot(".")
#   (mountfd chroot t), umount2(".", MNT_DETACH) (umount -l /). docs/semantics.md §2.16, §2.18
#   (BENEATH_TAKES_OVER_LOCK, BENEATH_UNDER_CALLER_ROOT).
# expected: every line works; the old root has gone with its vol, the clone is the root with its
#   own copy of vol.
# kernels: 7.2
# assert:
#   failures none
#   at / 1
#   at /mnt/vol 1
#   top /mnt/vol parent /
mount -t tmpfs root /mnt
mkdir -p /mnt/rootfs
mount -t tmpfs rootfs /mnt/rootfs
mkdir -p /mnt/rootfs/mnt/vol
mount -t tmpfs vol /mnt/rootfs/mnt/vol
unshare -Urm
chroot /mnt/rootfs
mountfd open_tree t / OPEN_TREE_CLONE AT_RECURSIVE
mountfd move_mount t / MOVE_MOUNT_BENEATH
mountfd chroot t
mountfd close t
umount -l /
