# selftest mount_setattr, case "basic_recursive", its first step: a recursive mount_setattr reaches
#   every mount of the tree.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   basic_recursive); the rest of the case is mount_setattr-basic_recursive.sh.
# expected: setting ro, noexec and relatime (the atime mask cleared) on /mnt/A with AT_RECURSIVE
#   gives /mnt/A, /mnt/A/AA, /mnt/A/AA/B and /mnt/A/AA/B/BB the same flags: the fixture's nodev,
#   plus ro and noexec, relatime instead of noatime. 5.10 has no mount_setattr (ENOSYS).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# assert-kernels: 6.1 6.12 host 7.2
# assert:
#   failures none
#   all /mnt/m/A options ro,nodev,noexec,relatime
#   count /mnt/m/A 4
# observed on Linux 6.18.44 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted on
#   the host, 6.1, 6.12 and 7.2; 5.10 answers ENOSYS to every mount_setattr line and keeps the
#   fixture's flags (recorded, not asserted: the test skips there).
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
mountfd mount_setattr /mnt/m/A AT_RECURSIVE attr_clr=atime attr_set=ro,noexec,relatime
