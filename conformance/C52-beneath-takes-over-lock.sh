# C52 move_mount(MOVE_MOUNT_BENEATH) in a less privileged namespace, beneath a locked mount.
# source: can_move_mount_beneath() (fs/namespace.c, 6ac392815628, v6.5) and the 2026 lock transfer
#   (the selftests beneath_non_rootfs_locked_transfer and beneath_non_rootfs_locked_containment in
#   tools/testing/selftests/filesystems/move_mount/); docs/semantics.md §2.16, §8.2
#   (BENEATH_TAKES_OVER_LOCK).
# expected: the locked source c cannot move (line 17, EINVAL). A detached copy of n goes beneath
#   the locked a2 on 7.2, which takes the lock over: a2 can then be unmounted (line 21) and the copy
#   cannot (line 22). 6.12 and 6.18 refuse the locked target (line 20, EINVAL), so both umounts
#   meet the locked a2 (EINVAL). 5.10 and 6.1: EINVAL on the BENEATH lines.
# observed on Linux 6.18, 6.12, 7.2: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c
mount -t tmpfs a /mnt/a
mount -t tmpfs a2 /mnt/a
mount -t tmpfs c /mnt/c
unshare -Urm
mountfd move_mount /mnt/c /mnt/a MOVE_MOUNT_BENEATH
mount -t tmpfs n /mnt/b
mountfd open_tree t /mnt/b OPEN_TREE_CLONE
mountfd move_mount t /mnt/a MOVE_MOUNT_BENEATH
umount /mnt/a
umount /mnt/a
