# selftest mount-notify, case "move": a bind at a moved to b is the same single extra mount.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/", "/a" and "/b" are /mnt/r, /mnt/r/a and /mnt/r/b. The test
#   counts the mounts visible from its root with listmount(); here that is the number of rows at
#   or below /mnt/r. Its fanotify events are not in the recorded table: the events assertions
#   hold the model's (run --events) to the test's, and LiveEventsTest the model's to the kernel's.
#   The test moves with move_mount(2) between two attached paths; mount --move makes the same
#   move with mount(MS_MOVE) (both end in do_move_mount(), fs/namespace.c).
# expected: the bind of "/" on /a is one new mount (2 listed); moving it to /b succeeds (one
#   event with both ATTACH and DETACH, for the same id); nothing is left at /a and one mount is
#   at /b, still 2 in all.
# assert:
#   failures none
#   count /mnt/r 2
#   at /mnt/r/a 0
#   at /mnt/r/b 1
#   top /mnt/r/b parent /mnt/r
#   top /mnt/r/b root /
#   events last-1 ns1 attach
#   events last ns1 move
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: the tables
#   as asserted; the events live on the host (LiveEventsTest; the guests are not watched).
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/a /mnt/r/b
mount --bind /mnt/r /mnt/r/a
mount --move /mnt/r/a /mnt/r/b
