# selftest mount_setattr, case "mount_has_writers": with a file open for writing on a mount of the
#   tree, a recursive read-only request fails and changes neither flags nor propagation.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   mount_has_writers); after the writer closes, mount_setattr-mount_has_writers-closed.sh;
#   docs/semantics.md §2.19 (writers).
# expected: /mnt/A/AA/B/b is created and opened for writing (exec 3<>); the recursive request of
#   ro, noexec, relatime and propagation shared on /mnt/A fails (the test asserts only the failure;
#   mnt_hold_writers() makes it EBUSY) and all four mounts keep the fixture's rw,nodev,noatime and
#   stay private. MOUNT_ATTR_RELATIME is 0, so attr_set=ro,noexec is the test's request.
#   5.10 has no mount_setattr (ENOSYS).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# assert-kernels: 6.1 6.12 host 7.2
# assert:
#   failures 44:*
#   all /mnt/m/A options rw,nodev,noatime
#   all /mnt/m/A private
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
exec 3<>/mnt/m/A/AA/B/b
mountfd mount_setattr /mnt/m/A AT_RECURSIVE attr_clr=atime attr_set=ro,noexec propagation=shared
