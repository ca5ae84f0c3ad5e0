# selftest move_mount_test.c beneath_non_rootfs_locked_containment: the mount put beneath a locked
#   mount keeps what it hides locked: the displaced top can go, the new mount cannot.
# source: tools/testing/selftests/filesystems/move_mount/move_mount_test.c (Christian Brauner,
#   2026), setup_locked_overmount(): tmpfs A and B stacked at /mnt_dir (here /mnt/mnt_dir) before a
#   new user and mount namespace, where both are locked. The test's detached tmpfs comes from
#   fsopen()/fsmount(); here it is an open_tree(OPEN_TREE_CLONE) copy of a tmpfs made in the new
#   namespace (a detached mount of a new tmpfs either way). umount2(MNT_DETACH) is umount -l.
#   docs/semantics.md §2.16 (BENEATH_TAKES_OVER_LOCK).
# expected: the sanity check umount -l of B fails with EINVAL (line 23); move_mount beneath B
#   works; B can then be unmounted, the new mount shows, and its own umount -l is EINVAL (29).
# kernels: 7.2
# assert:
#   failures 23:EINVAL 29:EINVAL
#   at /mnt/mnt_dir 2
#   top /mnt/mnt_dir parent /mnt/mnt_dir
# observed on Linux 7.2.13: as asserted. 6.12 and 6.18 refuse the locked target (line 26, EINVAL),
#   so B stays; 5.10 and 6.1 have no MOVE_MOUNT_BENEATH: the test's lock transfer is newer.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt_dir /mnt/new
mount -t tmpfs A /mnt/mnt_dir
mount -t tmpfs B /mnt/mnt_dir
unshare -Urm
umount -l /mnt/mnt_dir
mount -t tmpfs new /mnt/new
mountfd open_tree t /mnt/new OPEN_TREE_CLONE
mountfd move_mount t /mnt/mnt_dir MOVE_MOUNT_BENEATH
mountfd close t
umount -l /mnt/mnt_dir
umount -l /mnt/mnt_dir
