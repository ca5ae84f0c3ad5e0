# selftest mount, unprivileged-remount-test.c, case MS_RELATIME with MS_NOATIME refused: a locked
#   flag can be kept by a bind remount in a less privileged namespace, not changed.
# source: Linux tools/testing/selftests/mount/unprivileged-remount-test.c, main() and
#   test_unpriv_remount() (MNT_LOCK_* since v3.17, 9566d6742852 and its series).
# The test forks a child that enters a new user and mount namespace, mounts a ramfs at /tmp with
#   the flags under test, then enters a further user and mount namespace (where copy_mnt_ns()
#   locks the copy's flags, lock_mnt_tree()) and remounts /tmp with MS_REMOUNT | MS_BIND: once
#   with the same flags (must work) and once with changed ones (must fail). Here the first
#   namespace is the scenario's own, /tmp is /mnt/tmp, a tmpfs stands for the ramfs (the flags and
#   their locks belong to the mount, not to the filesystem type), and the second pair of
#   namespaces is "unshare -Urm". mount(8) starts a remount from the row's options and applies -o
#   (docs/semantics.md section 2.14), so the changed flag is said as the word that sets or clears
#   it.
# expected: the remount that keeps the flags works (line 27); the one that asks for noatime is
#   refused (line 28: the test only asserts a failure; can_change_locked_flags() makes it EPERM),
#   and the mount keeps rw,relatime.
# assert:
#   failures 28:*
#   count /mnt/tmp 1
#   top /mnt/tmp options rw,relatime
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on all five.
mount -t tmpfs root /mnt
mkdir -p /mnt/tmp
mount -t tmpfs -o relatime testing /mnt/tmp
unshare -Urm
mount -o remount,bind,relatime /mnt/tmp
mount -o remount,bind,noatime /mnt/tmp
