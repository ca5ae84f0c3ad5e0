# selftest mount-notify, case "fsmount": a new tmpfs made with fsopen/fsconfig/fsmount and
#   attached with move_mount is one new mount.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c and its
#   user-namespace twin mount-notify_test_ns.c (same steps), fanotify mount events (v6.15).
# The test unshares a mount namespace, makes it recursively private, mounts a fresh tmpfs on a
#   temporary directory, chroots into it and makes directories a and b there. Here that tmpfs is
#   R at /mnt/r, so the test's "/" and "/a" are /mnt/r and /mnt/r/a. The test counts the mounts
#   visible from its root with listmount(); here that is the number of rows at or below /mnt/r.
#   Its fanotify events are not in the recorded table: the events assertions hold the model's
#   (run --events) to the test's, and LiveEventsTest the model's to the kernel's. The test calls
#   fsopen("tmpfs"), fsconfig(FSCONFIG_CMD_CREATE) without a source, fsmount() and
#   move_mount(MOVE_MOUNT_F_EMPTY_PATH) to "/a", closing the context before the move and the
#   mount after it; the mountfd lines make the same calls (with the CLOEXEC flags).
# expected: nothing happens in the namespace until the move (a detached mount is in no namespace
#   a mark watches); the move attaches one new mount (an ATTACH event for an id other than the
#   root's) and listmount lists 2: the root and the new tmpfs at /a, whose source is "none".
# assert:
#   failures none
#   count /mnt/r 2
#   at /mnt/r/a 1
#   top /mnt/r/a parent /mnt/r
#   top /mnt/r/a source none
#   events last-3 ns1 none
#   events last-1 ns1 attach
#   events last ns1 none
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
