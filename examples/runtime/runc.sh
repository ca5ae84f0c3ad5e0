# translated by mountcheck strace2scenario from runc.strace
# the log starts in the namespace 'unshare -Urm' gives: the scenario's start
mount -t tmpfs rt /mnt  # log line 72
mkdir -p /mnt/state
mkdir -p /mnt/vol
mkdir -p /mnt/vol/sub
mkdir -p /mnt/bundle
mkdir -p /mnt/bundle/rootfs
mkdir -p /mnt/bundle/rootfs/bin
mkdir -p /mnt/bundle/rootfs/proc
mkdir -p /mnt/bundle/rootfs/dev
mkdir -p /mnt/bundle/rootfs/mnt
mount -t tmpfs sub /mnt/vol/sub  # log line 183
mkdir -p /mnt/state/ctr
# not translated (a bind or move from or onto /proc/self/exe): mount("/proc/self/exe", "/mnt/state/ctr/runc.o5yxMt", 0x9a989b, MS_BIND, 0x9a989b) = 0
# not translated (acts on /mnt/state/ctr/runc.o5yxMt, which the scenario could not mount): mount("", "/mnt/state/ctr/runc.o5yxMt", 0x9a989b, MS_RDONLY|MS_REMOUNT|MS_BIND, "") = 0
# not translated (acts on /mnt/state/ctr/runc.o5yxMt, which the scenario could not mount): umount2("/mnt/state/ctr/runc.o5yxMt", MNT_DETACH) = 0
unshare -Urm --propagation unchanged
# mount("", "/", 0xc00012c3dc, MS_REC|MS_SLAVE, NULL) = 0: the language's paths start at /mnt, so the same on /mnt and below
mount --make-rslave /mnt  # log line 389
mount --rbind /mnt/bundle/rootfs /mnt/bundle/rootfs  # log line 391
# not translated (filesystem type proc: the language makes tmpfs only): mount("proc", "/proc/self/fd/7", "proc", 0, NULL) = 0
mkdir -p /mnt/bundle/rootfs/mnt/scratch
mount -t tmpfs -o nosuid,nodev,noexec scratch /mnt/bundle/rootfs/mnt/scratch  # log line 397
mkdir -p /mnt/bundle/rootfs/mnt/data
mount --rbind /mnt/vol /mnt/bundle/rootfs/mnt/data  # log line 401; MS_RDONLY|MS_NOSUID ignored by a bind or move (path_mount())
mount -o remount,bind,ro,nosuid,dev,exec,symfollow /mnt/bundle/rootfs/mnt/data  # log line 404; MS_REC is ignored on a remount (do_reconfigure_mnt())
# not translated (a bind or move from or onto /dev/null): mount("/dev/null", "/proc/self/fd/7", 0xc00012c789, MS_BIND, NULL) = 0
# not translated (a bind or move from or onto /dev/random): mount("/dev/random", "/proc/self/fd/7", 0xc00012c7db, MS_BIND, NULL) = 0
# not translated (a bind or move from or onto /dev/full): mount("/dev/full", "/proc/self/fd/7", 0xc00012c829, MS_BIND, NULL) = 0
# not translated (a bind or move from or onto /dev/tty): mount("/dev/tty", "/proc/self/fd/7", 0xc00012c878, MS_BIND, NULL) = 0
# not translated (a bind or move from or onto /dev/zero): mount("/dev/zero", "/proc/self/fd/7", 0xc00012c8c9, MS_BIND, NULL) = 0
# not translated (a bind or move from or onto /dev/urandom): mount("/dev/urandom", "/proc/self/fd/7", 0xc00012c960, MS_BIND, NULL) = 0
# pivot_root(".", ".") = 0: the old root goes to /mnt/.old-root instead of on top of the new root
mkdir -p /mnt/bundle/rootfs/mnt/.old-root
pivot_root /mnt/bundle/rootfs /mnt/bundle/rootfs/mnt/.old-root  # log line 429
mount --make-rslave /mnt/.old-root  # log line 431
umount -l /mnt/.old-root  # log line 432
# not translated (a remount of /, outside /mnt): mount("", "/", 0xc00012ca80, MS_RDONLY|MS_REMOUNT|MS_BIND, NULL) = 0
