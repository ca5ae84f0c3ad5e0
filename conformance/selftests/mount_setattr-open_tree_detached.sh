# selftest mount_setattr, case "open_tree_detached": a recursive clone of /mnt, and a recursive
#   clone of A/AA taken from it through its descriptor, both attach with their submounts.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   open_tree_detached).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# The fixture makes /tmp/target2 as well; here it is made before the test.
# expected: base holds the clone of /mnt (/mnt, A, AA, B, BB and the ramfs B); sub, cloned from
#   base/A/AA (open_tree(fd_tree_base, "A/AA"), line 48), holds AA, B and BB. Attached at
#   /tmp/target1 (line 49) and /tmp/target2 (line 50), each shows its mounts (the test checks with
#   statx() that each path is a mount root): 3 at or below /tmp/target1, 6 at or below /tmp/target2.
#   Copying from a detached tree came with 6.15: 5.10, 6.1 and 6.12 refuse line 48 (EINVAL) and
#   line 49 then names no descriptor (EBADF); the test is newer than they are.
# assert-kernels: host 7.2
# assert:
#   failures none
#   count /mnt/tmp/target1 3
#   at /mnt/tmp/target1/B 1
#   at /mnt/tmp/target1/B/BB 1
#   count /mnt/tmp/target2 6
#   at /mnt/tmp/target2/A/AA/B/BB 1
#   at /mnt/tmp/target2/B 1
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on the host and 7.2; 5.10, 6.1 and 6.12 answer EINVAL (line 48) and EBADF (line 49), recorded.
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
mkdir -p /mnt/tmp/target2
mountfd open_tree base /mnt/m OPEN_TREE_CLONE AT_RECURSIVE
mountfd open_tree sub base/A/AA OPEN_TREE_CLONE AT_RECURSIVE
mountfd move_mount sub /mnt/tmp/target1
mountfd move_mount base /mnt/tmp/target2
mountfd close base
mountfd close sub
