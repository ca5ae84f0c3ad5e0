# selftest mount-notify, case "rmdir": removing a directory in another namespace detaches the
#   mounts on it here, even while this shell's working directory holds one of them.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/", "/a" and "/b" are /mnt/r, /mnt/r/a and /mnt/r/b. The test
#   counts the mounts visible from its root with listmount(); here that is the number of rows at
#   or below /mnt/r. Its fanotify events are not in the recorded table: the events assertions
#   hold the model's (run --events) to the test's, and LiveEventsTest the model's to the kernel's.
#   The test's forked child (unshare(CLONE_NEWNS), recursively private) is the named
#   namespace /mnt/ns/child, acting through nsenter; the namespace file's holder /mnt/ns is a
#   private bind so that unshare can bind the file (README, "Several namespaces").
# steps: bind R on a (a1) and on a/b (through a1); cd into a; in the child: lazy umount of a
#   (its copies), then rmdir a, which is no mount point in the child any more.
# expected: the rmdir succeeds and detaches a1 and its child here (2 DETACH events); listmount
#   lists the root alone; the child sees only R below /mnt/r as well.
# assert:
#   failures none
#   count /mnt/r 1
#   in /mnt/ns/child count /mnt/r 1
#   events last ns1 detach*2
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: the tables
#   as asserted; the events live on the host (LiveEventsTest; the guests are not watched).
mount -t tmpfs root /mnt
mkdir -p /mnt/ns /mnt/r
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/child
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/a /mnt/r/b
mount --bind /mnt/r /mnt/r/a
mount --bind /mnt/r /mnt/r/a/b
cd /mnt/r/a
unshare -m --mount=/mnt/ns/child true
nsenter --mount=/mnt/ns/child umount -l /mnt/r/a
nsenter --mount=/mnt/ns/child rmdir /mnt/r/a
