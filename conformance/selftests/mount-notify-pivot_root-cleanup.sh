# selftest mount-notify, case "pivot_root", its cleanup: pivoting back and unmounting the two
#   new mounts leaves the root alone.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r and the scenario chroots into it too (chroot /mnt/r), since pivot_root acts on
#   the caller's root. The language's paths are at or below /mnt of the root, so R holds mnt/a
#   and mnt/b, and the test's "/a" is /mnt/a; the tmpfs the test mounts at /a holds mnt/new and
#   mnt/old, so its "/a/new", "/a/old", "/old" and "/old/a/new" are /mnt/a/mnt/new,
#   /mnt/a/mnt/old, /mnt/old and /mnt/old/mnt/a/mnt/new. The test counts the mounts visible from
#   its root with listmount(); here the root itself is at "/", which the table leaves out, so
#   that count is one more than the rows at or below /mnt.
# expected: pivot_root("/old", "/old/a/new") works and moves R and the bind back (two events
#   with ATTACH and DETACH), umount("/a/new") and umount("/a") then detach the bind and A;
#   listmount lists the root R alone (no row at or below /mnt).
# assert:
#   failures none
#   count /mnt 0
#   events last-2 ns1 move*2
#   events last-1 ns1 detach
#   events last ns1 detach
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: the tables
#   as asserted; the events in the model (a root change is not watched live, LiveEventsTest).
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/mnt/a /mnt/r/mnt/b
chroot /mnt/r
mount -t tmpfs A /mnt/a
mkdir -p /mnt/a/mnt/new /mnt/a/mnt/old
mount --bind /mnt/a /mnt/a/mnt/new
pivot_root /mnt/a/mnt/new /mnt/a/mnt/new/mnt/old
pivot_root /mnt/old /mnt/old/mnt/a/mnt/new
umount /mnt/a/mnt/new
umount /mnt/a
