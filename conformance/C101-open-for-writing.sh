# C101 `exec N<>PATH` (bash's open(PATH, O_RDWR | O_CREAT, 0666)): a missing file is created, an
#   existing one is opened through what is mounted on it; a directory is EISDIR, a missing
#   directory on the way ENOENT, a file on the way ENOTDIR, a read-only mount or superblock EROFS
#   (for a missing name too), a directory that rmdir removed ENOENT (before EROFS); the writer is
#   the mount the file was opened through, so another mount of the same superblock can be made
#   read-only.
# source: path_openat(), lookup_open() (IS_DEADDIR), do_open() (O_CREAT on a directory), may_open()
#   and do_dentry_open() -> file_get_write_access() (EROFS) in fs/namei.c and fs/open.c;
#   docs/semantics.md §2.19 and §6 C101.
# expected: EISDIR at 17 and 31 (also on a read-only superblock), ENOENT at 18, 36 and 38 (the
#   removed directory, before EROFS), ENOTDIR at 20, EROFS at 22, 29 and 30; 24 creates /mnt/r2/f;
#   41 opens a file through the bind on it, so 42 (bind remount ro of that bind) is EBUSY while
#   43 (of /mnt, the same superblock) works.
# observed on Linux 6.18.44 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/d /mnt/r /mnt/r2 /mnt/s /mnt/t/d /mnt/u
exec 3<>/mnt/d
exec 3<>/mnt/nodir/f
touch /mnt/file
exec 3<>/mnt/file/x
mount -t tmpfs -o ro ro /mnt/r
exec 3<>/mnt/r/f
mount -t tmpfs rw /mnt/r2
exec 5<>/mnt/r2/f
exec 5<&-
mount -t tmpfs vol /mnt/s
touch /mnt/s/f
mount -o remount,bind,ro /mnt/s
exec 3<>/mnt/s/f
exec 3<>/mnt/s/g
exec 3<>/mnt/r
exec 3</mnt/s/f
exec 3<&-
mount --bind /mnt/t/d /mnt/u
rmdir /mnt/t/d
exec 3<>/mnt/u/f
mount -o remount,bind,ro /mnt/u
exec 3<>/mnt/u/f
touch /mnt/t/f /mnt/t/g
mount --bind /mnt/t/f /mnt/t/g
exec 4<>/mnt/t/g
mount -o remount,bind,ro /mnt/t/g
mount -o remount,bind,ro /mnt
exec 4<&-
