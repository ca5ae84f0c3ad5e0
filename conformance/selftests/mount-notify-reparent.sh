# selftest mount-notify, case "reparent": an overmount falls onto the mount below when the
#   propagated copy it sat on is unmounted.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/", "/a" and "/b" are /mnt/r, /mnt/r/a and /mnt/r/b. The test
#   counts the mounts visible from its root with listmount(); here that is the number of rows at
#   or below /mnt/r. Its fanotify events are not in the recorded table: the events assertions
#   hold the model's (run --events) to the test's, and LiveEventsTest the model's to the kernel's.
# steps: bind R on a (a1), make it shared, bind a1 on b (b2), make b2 a slave (3 listed); bind R
#   on a again (a3 on a1), propagated to b (b4 on b2): 5 listed; bind R on b (b5 on b4, not
#   propagated): 6 listed; umount a: a3 goes and so does its copy b4, which b5 sat on.
# expected: the umount succeeds with 3 events (DETACH for a3 and b4, ATTACH|DETACH for b5,
#   which moves onto b2); 4 mounts are listed: R, a1, b2 and b5, with a1 alone at a and b2, b5
#   stacked at b.
# assert:
#   failures none
#   count /mnt/r 4
#   at /mnt/r/a 1
#   at /mnt/r/b 2
#   top /mnt/r/a shared
#   top /mnt/r/b private
#   events last-2 ns1 attach*2
#   events last-1 ns1 attach
#   events last ns1 detach*2 move
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
