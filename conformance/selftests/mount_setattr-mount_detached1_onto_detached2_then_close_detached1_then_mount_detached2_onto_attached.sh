# selftest mount_setattr, case
#   "mount_detached1_onto_detached2_then_close_detached1_then_mount_detached2_onto_attached": a
#   detached tree mounted on another survives the close of its own descriptor.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   mount_detached1_onto_detached2_then_close_detached1_then_mount_detached2_onto_attached).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# expected: the recursive clone of /mnt/A (4 mounts) is mounted on the clone of /mnt/B (line 45,
#   6.15+); it now has a parent, so attaching it alone is refused (line 46); closing its
#   descriptor does not dissolve the shared anonymous namespace, and attaching the clone of /mnt/B
#   at /tmp/target1 brings all five: B's clone with A's on it, and AA, AA/B, AA/B/BB below.
# assert-kernels: host 7.2
# assert:
#   failures 46:*
#   count /mnt/tmp/target1 5
#   at /mnt/tmp/target1 2
#   top /mnt/tmp/target1 parent /mnt/tmp/target1
#   top /mnt/tmp/target1/AA/B/BB source testing
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on the host and 7.2; 5.10, 6.1 and 6.12 refuse to mount on a detached tree (EINVAL,
#   NO_MOUNT_ON_DETACHED_TREE), then t1 attaches alone (line 46) and t2 on top of it (line 48).
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
mountfd open_tree t2 /mnt/m/B OPEN_TREE_CLONE
mountfd move_mount t1 t2
mountfd move_mount t1 /mnt/tmp/target1
mountfd close t1
mountfd move_mount t2 /mnt/tmp/target1
mountfd close t2
