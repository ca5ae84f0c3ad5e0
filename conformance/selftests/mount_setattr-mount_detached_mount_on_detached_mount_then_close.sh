# selftest mount_setattr, case "mount_detached_mount_on_detached_mount_then_close": a detached
#   clone mounted on another detached clone, once only.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   mount_detached_mount_on_detached_mount_then_close).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# expected: a clone of the clone of /mnt (open_tree of the descriptor with AT_EMPTY_PATH) is
#   mounted on the first clone (line 44, allowed since 6.15: mounts on detached trees); doing it
#   again is refused (line 45; the test asserts only the failure); closing both dissolves them
#   and the namespace's table is the fixture's. Before 6.15 cloning a detached tree or mounting on
#   one is EINVAL, where the test is not run (it came with that change).
# assert-kernels: host 7.2
# assert:
#   failures 45:*
#   count /mnt/m 6
#   count /mnt/tmp 3
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on the host and 7.2; 5.10, 6.1 and 6.12 refuse to clone a detached tree (line 43, EINVAL:
#   NO_COPY_OF_DETACHED_TREE, docs/semantics.md section 8.2), so the next lines name a descriptor
#   that was never made (EBADF).
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
mountfd open_tree base /mnt/m OPEN_TREE_CLONE
mountfd open_tree sub base OPEN_TREE_CLONE
mountfd move_mount sub base
mountfd move_mount sub base
mountfd close base
mountfd close sub
