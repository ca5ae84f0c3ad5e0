# selftest mount_setattr, case "invalid_attributes": unknown bits in attr_set, attr_clr or
#   propagation, and a relative path with no directory descriptor, are refused.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   invalid_attributes).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# expected: bit 31 (a hex word, docs/language.md) in attr_set (line 41), attr_clr (42),
#   propagation (43) and all three (44) is refused on /mnt/A recursively; so is the last call
#   with the path "mnt/A" relative to dirfd -1 (45: x is no descriptor, so x/mnt/m/A passes -1 and
#   the relative path mnt/m/A). The test asserts only the failures; each is EINVAL from
#   build_mount_kattr() before the path is looked up. Nothing changes: the mounts at and below
#   /mnt/A keep the fixture's flags. 5.10 has no mount_setattr (ENOSYS), where the test skips.
# assert-kernels: 6.1 6.12 host 7.2
# assert:
#   failures 41:* 42:* 43:* 44:* 45:*
#   all /mnt/m/A options rw,nodev,noatime
#   count /mnt/m/A 4
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on the host, 6.1, 6.12 and 7.2 (EINVAL); 5.10 answers ENOSYS (recorded, not asserted).
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
mountfd mount_setattr /mnt/m/A AT_RECURSIVE attr_set=0x80000000
mountfd mount_setattr /mnt/m/A AT_RECURSIVE attr_clr=0x80000000
mountfd mount_setattr /mnt/m/A AT_RECURSIVE propagation=0x80000000
mountfd mount_setattr /mnt/m/A AT_RECURSIVE attr_set=0x80000000 attr_clr=0x80000000 propagation=0x80000000
mountfd mount_setattr x/mnt/m/A AT_RECURSIVE attr_set=0x80000000 attr_clr=0x80000000 propagation=0x80000000
