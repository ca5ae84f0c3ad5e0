# C35b Superblock attributes: mount -o remount (the filesystem, seen through all its mounts).
# source: fs/namespace.c do_remount(), fs/super.c reconfigure_super(); __mnt_is_readonly();
#   util-linux 2.38 mount(8); docs/semantics.md §2.14.
# A tmpfs a (noexec) and its bind b; the superblock is remounted ro through a, then the
#   mount b is made rw alone, then the superblock rw through b; a tmpfs mounted -o ro.
# expected: after remount,ro of a, a shows ro and b rw, both with superblock ro; writes through
#   b fail (EROFS, also for touch of a directory) until the superblock is rw again; remount of a
#   directory that is no mount point is EINVAL; mount -t tmpfs -o ro makes a ro superblock and a
#   ro mount (later words win: strictatime,rw,ro is ro and shows no atime word).
# observed on Linux 6.18.44-fc-v1272: lines 17, 18, 20 and 25 EROFS, 23 EINVAL
mount -t tmpfs root /mnt
mkdir -p /mnt/a /mnt/b /mnt/c
mount -t tmpfs -o noexec a /mnt/a
mkdir -p /mnt/a/x
mount --bind /mnt/a /mnt/b
mount -o remount,ro /mnt/a
mkdir -p /mnt/b/y
touch /mnt/b/x
mount -o remount,bind,rw /mnt/b
mkdir -p /mnt/b/y
mount -o remount,rw,nosuid /mnt/b
mkdir -p /mnt/b/y
mount -o remount,ro /mnt/c
mount -t tmpfs -o ro,nodev,nosymfollow c /mnt/c
mkdir -p /mnt/c/x
mount -o remount,rw /mnt/c
mkdir -p /mnt/c/x
mount -t tmpfs -o strictatime,rw,ro s /mnt/a/x
