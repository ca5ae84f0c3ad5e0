# selftest mount_setattr, case "detached_tree_propagation": a detached clone of a shared tree
#   receives nothing mounted later.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   detached_tree_propagation). The test first unshares a mount namespace of its own; the
#   scenario's namespace is already a private one of the scenario, so that step is left out.
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at. The test reads flags with
#   statvfs(), which mountinfo's per-mount options show.
# expected: with /mnt made recursively shared, the recursive clone is a peer of every mount of it,
#   but a tmpfs mounted on /mnt/A afterwards does not reach the clone (propagation skips a
#   detached tree on every kernel of the matrix, docs/semantics.md section 2.15): attached at
#   /tmp/target1, the clone's A is still the fixture's tmpfs with nothing on it, while /mnt/A has
#   the new one on top. The test compares device numbers through statx(); here the new tmpfs's
#   label "new" tells the two apart.
# assert:
#   failures none
#   at /mnt/tmp/target1/A 1
#   top /mnt/tmp/target1/A source testing
#   at /mnt/m/A 2
#   top /mnt/m/A source new
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on all five.
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
mount --make-rshared /mnt/m
mountfd open_tree t /mnt/m OPEN_TREE_CLONE AT_RECURSIVE
mount -t tmpfs new /mnt/m/A
mountfd move_mount t /mnt/tmp/target1
mountfd close t
