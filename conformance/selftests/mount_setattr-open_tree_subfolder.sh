# selftest mount_setattr, case "open_tree_subfolder": a directory made inside an fsmount'ed tmpfs
#   through its descriptor is cloned, attached, unmounted and its mount point removed.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   open_tree_subfolder).
# The fixture (FIXTURE_SETUP(mount_setattr)) mounts tmpfs "testing" with MS_NOATIME | MS_NODEV on
#   /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds /tmp recursively onto /mnt/A/AA, and mounts a
#   ramfs with nosuid too on /mnt/B. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp,
#   below a plain tmpfs at /mnt; the ramfs is a tmpfs (flags are the mount's); the devpts the
#   fixture mounts last on /tmp/B/BB, outside every tree the tests look at, is left out, and
#   /tmp/target1 is the directory the detached trees are attached at.
# The test's mkdirat(fd_tmpfs, "subdir", 0755) is "mountfd mkdirat tmpfs/subdir" and its
#   mkdirat(-EBADF, "/mnt/open_tree_subfolder", 0755) the absolute form; its open_tree() flags
#   AT_NO_AUTOMOUNT and AT_SYMLINK_NOFOLLOW change nothing here (no automount point, no symlink).
# expected: every call works: the context makes a tmpfs, fsmount gives a detached mount of it,
#   "subdir" is made in it through that descriptor, a recursive clone of subdir (its root /subdir)
#   is taken through the same descriptor, which is then closed (the fsmount'ed tree dissolves, the
#   clone stays); the clone attaches at /mnt/open_tree_subfolder, its descriptor is closed, it is
#   unmounted and the directory removed, so nothing is left there. The test asserts that every
#   call returns 0 (ASSERT_EQ / EXPECT_EQ .., 0 and ASSERT_GE .., 0). A copy from a detached tree
#   came with 6.15: 5.10, 6.1 and 6.12 refuse the clone of tmpfs/subdir (EINVAL), so the
#   move_mount names no descriptor (EBADF) and the umount finds no mount (EINVAL); the test is newer
#   than they are.
# assert-kernels: host 7.2
# assert:
#   failures none
#   count /mnt/m/open_tree_subfolder 0
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on the host and 7.2; 5.10, 6.1 and 6.12 answer EINVAL (open_tree), EBADF (move_mount) and
#   EINVAL (umount), recorded; the two mkdirat calls work on all five.
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
mountfd fsopen context tmpfs
mountfd fsconfig context create
mountfd fsmount tmpfs context
mountfd close context
mountfd mkdirat tmpfs/subdir
mountfd open_tree tree tmpfs/subdir OPEN_TREE_CLONE AT_RECURSIVE
mountfd close tmpfs
mountfd mkdirat /mnt/m/open_tree_subfolder
mountfd move_mount tree /mnt/m/open_tree_subfolder
mountfd close tree
umount /mnt/m/open_tree_subfolder
rmdir /mnt/m/open_tree_subfolder
