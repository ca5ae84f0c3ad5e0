# selftest mount-notify, case "reparent", its cleanup: three umounts leave the root alone.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/", "/a" and "/b" are /mnt/r, /mnt/r/a and /mnt/r/b. The test
#   counts the mounts visible from its root with listmount(); here that is the number of rows at
#   or below /mnt/r. Its fanotify events are not in the recorded table: the events assertions
#   hold the model's (run --events) to the test's, and LiveEventsTest the model's to the kernel's.
# steps: as in the case (after the umount of a, R, a1, b2 and b5 remain), then umount b (b5),
#   umount a (a1) and umount b (b2).
# expected: all three umounts succeed (3 DETACH events for a1, b2 and b5); listmount lists the
#   root alone.
# assert:
#   failures none
#   count /mnt/r 1
#   events last-3 ns1 detach*2 move
#   events last-2 ns1 detach
#   events last-1 ns1 detach
#   events last ns1 detach
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: the tables
#   as asserted; the events live on the host (LiveEventsTest; the guests are not watched).
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/a /mnt/r/b
mount --bind /mnt/r /mnt/r/a
mount --make-shared /mnt/r/a
mount --bind /mnt/r/a /mnt/r/b
mount --make-slave /mnt/r/b
mount --bind /mnt/r /mnt/r/a
mount --bind /mnt/r /mnt/r/b
umount /mnt/r/a
umount /mnt/r/b
umount /mnt/r/a
umount /mnt/r/b
