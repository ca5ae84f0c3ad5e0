# C100 A file open for writing keeps its mount, and its superblock, writable: a bind remount to
#   read-only of that mount, a remount to read-only of its superblock through any mount of it, and
#   a mount_setattr that sets ro on a tree holding that mount are EBUSY; other mounts of the same
#   superblock can still be made read-only; once the writer is gone (replaced on its descriptor by
#   a read-only open, which still holds the mount) each works.
# source: mnt_make_readonly() (do_reconfigure_mnt() -> change_mount_ro_state()),
#   sb_prepare_remount_readonly() (reconfigure_super(), fs/super.c), mount_setattr_prepare() with
#   mnt_allow_writers() and mnt_hold_writers() (fs/namespace.c); bash opens `exec N<>PATH` with
#   O_RDWR | O_CREAT, a writer from do_dentry_open() (FMODE_WRITER) until the last fput();
#   docs/semantics.md §2.19 and §6 C100.
# expected: line 22 creates /mnt/a/f and holds it for writing; 23 (bind remount ro of /mnt/a),
#   25 (superblock remount ro through /mnt/b), 26 and 27 (mount_setattr ro, the second recursive
#   from /mnt with propagation shared) are EBUSY and change nothing; 24 (bind remount ro of
#   /mnt/b) and 28 (recursive noexec) work; after 29 reopens descriptor 3 read-only, 30 and 31
#   work, 32 (umount of the held mount) is EBUSY, 33 makes the superblock read-only and 34 (a new
#   writer) is EROFS. 5.10 answers ENOSYS to the three mount_setattr lines (26-28).
# observed on Linux 6.18.44 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b
mount -t tmpfs vol /mnt/a
mount --bind /mnt/a /mnt/b
exec 3<>/mnt/a/f
mount -o remount,bind,ro /mnt/a
mount -o remount,bind,ro /mnt/b
mount -o remount,ro /mnt/b
mountfd mount_setattr /mnt/a attr_set=ro
mountfd mount_setattr /mnt AT_RECURSIVE attr_set=ro propagation=shared
mountfd mount_setattr /mnt AT_RECURSIVE attr_set=noexec
exec 3</mnt/a/f
mount -o remount,bind,ro /mnt/a
mount -o remount,bind,rw /mnt/a
umount /mnt/a
mount -o remount,ro /mnt/b
exec 4<>/mnt/a/g
exec 3<&-
