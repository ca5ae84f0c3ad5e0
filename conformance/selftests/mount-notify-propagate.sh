# selftest mount-notify, case "propagate": four self-binds of a shared root give 16 mounts.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/", "/a" and "/b" are /mnt/r, /mnt/r/a and /mnt/r/b. The test
#   counts the mounts visible from its root with listmount(); here that is the number of rows at
#   or below /mnt/r. Its fanotify events are not in the recorded table: the events assertions
#   hold the model's (run --events) to the test's, and LiveEventsTest the model's to the kernel's.
# expected: the root is made shared and bound onto itself 4 times; each bind lands on top of the
#   stack and propagates to every peer already there, doubling the stack: 2^4 - 1 = 15 ATTACH
#   events and 16 mounts listed, all peers of one group.
# assert:
#   failures none
#   count /mnt/r 16
#   at /mnt/r 16
#   one-group /mnt/r
#   events last-3 ns1 attach
#   events last-2 ns1 attach*2
#   events last-1 ns1 attach*4
#   events last ns1 attach*8
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
