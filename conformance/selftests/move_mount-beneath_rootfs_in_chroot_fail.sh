# selftest move_mount_test.c beneath_rootfs_in_chroot_fail: chrooted into a plain directory of a
#   mount, mounting beneath / is EINVAL: the caller's root is not the root of its mount.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026): chroot_dir is a directory of the root mount, here /mnt/chroot_dir of the scenario's
#   tmpfs at /mnt. The clone of / is then a clone rooted at that directory. do_lock_mount()'s
#   path_mounted() (7.2); before it, can_move_mount_beneath() refuses the same (6.5 to 6.18), and
#   5.10 and 6.1 refuse the unknown flag: EINVAL everywhere. docs/semantics.md §2.16, §2.18.
# expected: move_mount (line 17) is EINVAL; the root's mount is not under the root, so nothing is
#   listed.
# assert:
#   failures 17:EINVAL
#   at / 0
mount -t tmpfs root /mnt
mkdir -p /mnt/chroot_dir/mnt
chroot /mnt/chroot_dir
mountfd open_tree t / OPEN_TREE_CLONE
mountfd move_mount t / MOVE_MOUNT_BENEATH
mountfd close t
