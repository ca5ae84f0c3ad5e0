# selftest mount-notify, case "pivot_root": pivoting into a bind of a tmpfs moves two mounts and
#   keeps the three listed.
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
# expected: the tmpfs A at /a and its bind at /a/new are two ATTACH events (3 listed: R, A, the
#   bind); pivot_root("/a/new", "/a/new/old") then moves exactly two mounts, R and the bind (one
#   event with ATTACH and DETACH each), and listmount from the new root (the bind) still lists
#   the same 3: R at /old and A on it at /old/a.
# assert:
#   failures none
#   count /mnt 2
#   at /mnt/old 1
#   top /mnt/old source R
#   top /mnt/old root /
#   at /mnt/old/mnt/a 1
#   top /mnt/old/mnt/a source A
#   top /mnt/old/mnt/a parent /mnt/old
#   events last-3 ns1 attach
#   events last-1 ns1 attach
#   events last ns1 move*2
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
