# selftest mount, unprivileged-remount-test.c, case "privileged mount, unprivileged remount": a
#   bind remount with the mount's own flags changes nothing.
# source: Linux tools/testing/selftests/mount/unprivileged-remount-test.c,
#   test_priv_mount_unpriv_remount().
# The test reads the flags of /dev, enters a new user and mount namespace, binds /dev recursively
#   onto /tmp and remounts /tmp with MS_REMOUNT | MS_BIND and the flags it read; then the flags of
#   /tmp must be those of /dev. Here /dev is a nosuid tmpfs at /mnt/dev (as devtmpfs is, with a
#   submount like /dev/pts), /tmp is /mnt/tmp, and the namespace is "unshare -Urm"; mount(8)
#   merges the row's options, so "-o remount,bind,nosuid" passes exactly the flags read.
# expected: the rbind and the remount work; /mnt/tmp keeps rw,nosuid,relatime, the flags /mnt/dev
#   has, and the copy of pts below keeps its own.
# assert:
#   failures none
#   top /mnt/tmp options rw,nosuid,relatime
#   top /mnt/dev options rw,nosuid,relatime
#   top /mnt/tmp/pts options rw,nosuid,noexec,relatime
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on all five.
mount -t tmpfs root /mnt
mkdir -p /mnt/dev /mnt/tmp
mount -t tmpfs -o nosuid dev /mnt/dev
mkdir -p /mnt/dev/pts
mount -t tmpfs -o nosuid,noexec pts /mnt/dev/pts
unshare -Urm
mount --rbind /mnt/dev /mnt/tmp
mount -o remount,bind,nosuid /mnt/tmp
