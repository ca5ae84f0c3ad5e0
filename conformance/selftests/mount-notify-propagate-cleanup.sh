# selftest mount-notify, case "propagate", its cleanup: lazy umount of the top removes all 15.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/", "/a" and "/b" are /mnt/r, /mnt/r/a and /mnt/r/b. The test
#   counts the mounts visible from its root with listmount(); here that is the number of rows at
#   or below /mnt/r. Its fanotify events are not in the recorded table: the events assertions
#   hold the model's (run --events) to the test's, and LiveEventsTest the model's to the kernel's.
# expected: after the 16-mount stack, umount2("/", MNT_DETACH) succeeds and the 15 added mounts
#   are detached (15 DETACH events, the same ids as attached); making the root private works and
#   listmount lists the root alone.
# assert:
#   failures none
#   count /mnt/r 1
#   top /mnt/r private
#   top /mnt/r parent /mnt
#   events last-1 ns1 detach*15
#   events last ns1 none
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: the tables
#   as asserted; the events live on the host (LiveEventsTest; the guests are not watched).
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/a /mnt/r/b
mount --make-shared /mnt/r
mount --bind /mnt/r /mnt/r
mount --bind /mnt/r /mnt/r
mount --bind /mnt/r /mnt/r
mount --bind /mnt/r /mnt/r
umount -l /mnt/r
mount --make-private /mnt/r
