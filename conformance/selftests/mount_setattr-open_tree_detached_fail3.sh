# selftest mount_setattr, case "open_tree_detached_fail3": after entering a new user and mount
#   namespace, a clone taken from a detached tree of the earlier namespace is refused.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   open_tree_detached_fail3); docs/semantics.md §2.20.
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# The test's prepare_unpriv_mountns() (a new user namespace with root mapped, unshare(CLONE_NEWNS),
#   then MS_REC | MS_PRIVATE on /) is "unshare -Urm"; the descriptor follows the shell. The
#   statx() checks of base are not translated.
# expected: the caller is privileged over its new mount namespace, but base's tree was copied
#   from the earlier one: may_copy_tree() (check_anonymous_mnt()) refuses, EINVAL. 5.10, 6.1 and
#   6.12 copy no detached tree at all (before 6.15): EINVAL too.
# assert-kernels: 5.10 6.1 6.12 host 7.2
# assert:
#   failures 40:EINVAL
#   count /mnt/m 6
mount -t tmpfs root /mnt
mkdir -p /mnt/m /mnt/tmp
mount -t tmpfs -o noatime,nodev testing /mnt/tmp
mkdir -p /mnt/tmp/B /mnt/tmp/target1
mount -t tmpfs -o noatime,nodev testing /mnt/tmp/B
mkdir -p /mnt/tmp/B/BB
mount -t tmpfs -o noatime,nodev testing /mnt/tmp/B/BB
mount -t tmpfs -o noatime,nodev testing /mnt/m
mkdir -p /mnt/m/A
mount -t tmpfs -o noatime,nodev testing /mnt/m/A
mkdir -p /mnt/m/A/AA
mount --rbind /mnt/tmp /mnt/m/A/AA
mkdir -p /mnt/m/B
mount -t tmpfs -o noatime,nodev,nosuid testing /mnt/m/B
mkdir -p /mnt/m/B/BB
# the test
mountfd open_tree base /mnt/m OPEN_TREE_CLONE AT_RECURSIVE
unshare -Urm
mountfd open_tree sub base/A/AA OPEN_TREE_CLONE AT_RECURSIVE
mountfd close base
