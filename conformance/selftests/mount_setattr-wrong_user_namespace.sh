# selftest mount_setattr, case "wrong_user_namespace": from a new user namespace that does not own
#   the caller's mount namespace, mount_setattr is refused.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   wrong_user_namespace); docs/semantics.md §2.20.
# The fixture as in mount_setattr-basic.sh (the test's /mnt is /mnt/m, its /tmp is /mnt/tmp). The
#   test's create_and_enter_userns() unshares CLONE_NEWUSER and maps root to the caller, which is
#   what util-linux's "unshare -Ur" does before it starts the next shell.
# expected: the shell keeps its mount namespace, owned by the user namespace before; it has no
#   CAP_SYS_ADMIN there, so may_mount() refuses the recursive mount_setattr of /mnt/A with EPERM
#   and nothing changes. 5.10 has no mount_setattr (ENOSYS), where the test skips.
# assert-kernels: 6.1 6.12 host 7.2
# assert:
#   failures 33:EPERM
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
unshare -Ur
mountfd mount_setattr /mnt/m/A AT_RECURSIVE attr_set=ro
