# selftest mount_setattr, case "wrong_mount_namespace": a mount_setattr through a descriptor of a
#   mount of the earlier namespace, after unshare(CLONE_NEWNS), is refused.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   wrong_mount_namespace); docs/semantics.md §2.20.
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# The test opens /mnt/A with open(O_DIRECTORY); here a plain open_tree (O_PATH) descriptor, which
#   mount_setattr takes the same way (AT_EMPTY_PATH). unshare(CLONE_NEWNS) without a propagation
#   change is util-linux's "unshare -m --propagation unchanged"; the descriptor follows the shell.
# expected: the descriptor still names the mount of the earlier namespace, neither in the
#   caller's namespace nor the root of a detached tree: do_mount_setattr() answers EINVAL and
#   nothing changes (the copies in the new namespace keep the fixture's flags). 5.10 has no
#   mount_setattr (ENOSYS), where the test skips.
# assert-kernels: 6.1 6.12 host 7.2
# assert:
#   failures 42:EINVAL
#   all /mnt/m/A options rw,nodev,noatime
#   count /mnt/m/A 4
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
mountfd open_tree a /mnt/m/A
unshare -m --propagation unchanged
mountfd mount_setattr a AT_RECURSIVE attr_set=ro
