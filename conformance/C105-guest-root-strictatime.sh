# C105: the guest's root is the initramfs rootfs, which init_mount_tree() mounts from inside the
# kernel with no mount flag: its atime mode is strictatime (mountinfo shows neither relatime nor
# noatime), not the relatime that mount(2) gives by default. unshare -Urm locks that mode
# (lock_mnt_tree() sets MNT_LOCK_ATIME), and a bind of /mnt copies it with its lock, so asking
# for relatime on the copy is EPERM (can_change_locked_flags()) and strictatime is allowed; on
# the host, whose root is relatime, it is the other way round. Seen on 5.10, 6.1, 6.12 and 7.2;
# found by conform --kernel 5.10 --seed 20261205 (seed-20261295).
# util-linux 2.38 remounts after a bind only for the flags of libmount's MNT_BIND_SETTABLE, which
# lacks MS_STRICTATIME: "-o strictatime" alone is one bind (do_loopback() ignores the flag, and
# the copy keeps its mode), so the second line adds nosuid to make the remount happen; the third
# works everywhere.
mount --rbind -o relatime /mnt /mnt
mount --rbind -o strictatime,nosuid /mnt /mnt
mount --rbind -o strictatime /mnt /mnt
