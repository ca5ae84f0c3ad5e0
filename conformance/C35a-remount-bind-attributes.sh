# C35a Per-mount attributes: mount -o remount,bind (one mount, its superblock untouched).
# source: fs/namespace.c do_reconfigure_mnt(), path_mount(); fs/proc_namespace.c show_mnt_opts();
#   util-linux 2.38 mount(8) (libmount starts a remount from the mountinfo options);
#   docs/semantics.md §2.14.
# A tmpfs a (nosuid,nodev) and its bind b; b is remounted read-only, then its options and a's
#   atime modes change; remounts of a directory that is no mount point and of a missing path;
#   mount --bind -o, --rbind -o and -o ro,bind (a bind, then a remount of the new top mount).
# expected: b ro on a writable superblock: mkdir, touch and rmdir through b fail with EROFS,
#   through a they work; the bind copies nosuid,nodev; a remount replaces every flag with the
#   merged ones (relatime over noatime stays noatime, strictatime shows nothing); EINVAL for a
#   directory that is no mount point, ENOENT for a missing path; bind -o sets exactly OPTS on
#   the new mount (nosuid and nodev cleared), rbind -o on its top mount only (d's child sub stays
#   rw,relatime); a failed bind makes no remount.
# observed on Linux 6.18.44-fc-v1272: 21-23 EROFS, 30 EINVAL, 31 ENOENT, 32 EINVAL, 38 ENOENT
mount -t tmpfs root /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/d /mnt/e
mount -t tmpfs -o nosuid,nodev a /mnt/a
mkdir -p /mnt/a/x /mnt/a/sub
mount --bind /mnt/a /mnt/b
mount -o remount,bind,ro /mnt/b
mkdir -p /mnt/b/y
touch /mnt/b/f
rmdir /mnt/b/x
mkdir -p /mnt/a/y
mount -o remount,bind,rw,noexec,noatime /mnt/b
mount -o remount,bind,strictatime,nodiratime,nosymfollow /mnt/a
mount -o remount,bind,relatime /mnt/a
mount -o remount,bind,noatime,suid /mnt/a
mount -o remount,bind,atime,diratime,symfollow /mnt/a
mount -o remount,bind,ro /mnt/c
mount -o remount,bind,ro /mnt/missing
mount -o remount,bind,ro /mnt/a/x
mount -t tmpfs sub /mnt/a/sub
mount --bind -o ro,noexec /mnt/a /mnt/c
mount --rbind -o ro /mnt/a /mnt/d
mount -o ro,bind /mnt/a/sub /mnt/e
mount -o remount,ro,bind /mnt/e
mount --bind -o nosuid /mnt/missing /mnt/e
