# selftest mount-notify, case "fsmount", its cleanup: umount of /a detaches the new tmpfs.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/" and "/a" are /mnt/r and /mnt/r/a. The test counts the mounts
#   visible from its root with listmount(); here that is the number of rows at or below /mnt/r.
#   The first part (mount-notify-fsmount.sh) attaches a tmpfs made with fsmount() at /a.
# expected: umount("/a") succeeds with one DETACH event, for the id the ATTACH named; listmount
#   lists the root alone again.
# assert:
#   failures none
#   count /mnt/r 1
#   at /mnt/r/a 0
#   events last ns1 detach
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: the tables
#   as asserted; the events live on the host (LiveEventsTest; the guests are not watched).
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/a /mnt/r/b
mountfd fsopen fs tmpfs
mountfd fsconfig fs create
mountfd fsmount m fs
mountfd close fs
mountfd move_mount m /mnt/r/a
mountfd close m
umount /mnt/r/a
