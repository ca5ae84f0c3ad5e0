# selftest mount_setattr, case "two_detached_subtrees_of_same_anonymous_mount_namespace": only
#   the root of a detached tree can be attached, not a mount below it.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   two_detached_subtrees_of_same_anonymous_mount_namespace).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# expected: t1 holds a recursive clone of /mnt/A (A, AA, B, BB); t2 is an O_PATH descriptor of
#   its submount AA, opened through t1 (open_tree(fd_tree1, "AA"), line 39). Attaching t2 fails
#   (line 40; the test asserts only the failure): AA has a parent in the detached tree
#   (do_move_mount(), EINVAL). Attaching t1 works (line 41): the 4 mounts at /tmp/target1.
# assert:
#   failures 40:*
#   count /mnt/tmp/target1 4
#   at /mnt/tmp/target1/AA 1
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on all five (EINVAL).
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
mountfd open_tree t1 /mnt/m/A OPEN_TREE_CLONE AT_RECURSIVE
mountfd open_tree t2 t1/AA
mountfd move_mount t2 /mnt/tmp/target1
mountfd move_mount t1 /mnt/tmp/target1
