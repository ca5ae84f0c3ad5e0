# selftest mount, unprivileged-remount-test.c, case MS_NODEV: a locked nodev can be kept by a bind
#   remount in a less privileged namespace, not cleared.
# source: Linux tools/testing/selftests/mount/unprivileged-remount-test.c, main() and
#   test_unpriv_remount() with a devpts "newinstance" mount (MNT_LOCK_NODEV, v3.17).
# The test forks a child that enters a new user and mount namespace, mounts a ramfs at /tmp with
#   the flags under test, then enters a further user and mount namespace (where copy_mnt_ns()
#   locks the copy's flags, lock_mnt_tree()) and remounts /tmp with MS_REMOUNT | MS_BIND: once
#   with the same flags (must work) and once with changed ones (must fail). Here the first
#   namespace is the scenario's own, /tmp is /mnt/tmp, a tmpfs stands for the ramfs (the flags and
#   their locks belong to the mount, not to the filesystem type), and the second pair of
#   namespaces is "unshare -Urm". mount(8) starts a remount from the row's options and applies -o
#   (docs/semantics.md section 2.14), so the changed flag is said as the word that sets or clears
#   it. The test mounts devpts here, which the language does not have; the tmpfs stands for it
#   (nodev and its lock are the mount's).
# expected: keeping nodev works (line 27); clearing it is refused (line 28, EPERM), and the mount
#   stays nodev.
# assert:
#   failures 28:*
#   count /mnt/tmp 1
#   top /mnt/tmp options rw,nodev,relatime
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on all five.
mount -t tmpfs root /mnt
mkdir -p /mnt/tmp
mount -t tmpfs -o nodev testing /mnt/tmp
unshare -Urm
mount -o remount,bind,nodev /mnt/tmp
mount -o remount,bind,dev /mnt/tmp
