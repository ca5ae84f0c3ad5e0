# C102 A writer counts on the one mount its file was opened through, in whatever state that mount
#   is: a copy in a new namespace (`unshare -m`) has no writer and can be made read-only, but the
#   superblock cannot while the file is open in either shell (the new shell shares the file, and
#   closing its descriptor leaves the earlier shell's); a lazily unmounted mount with a writer is
#   detached but alive and still keeps its superblock writable, until the file closes.
# source: mnt_make_readonly() and sb_prepare_remount_readonly() (every mount of the superblock,
#   sb->s_mounts, detached ones included), copy_mnt_ns() (the copies start without writers),
#   umount_tree() with MNT_DETACH; docs/semantics.md §2.11, §2.19 and §6 C102.
# expected: 19 EBUSY (umount of a held mount); 20 detaches /mnt/a; 21 (superblock ro through
#   /mnt/b) EBUSY; 22 works; 23 closes the file and frees the detached mount, so 24 works and 25
#   makes it writable again; in the new namespace (28) 29 works on the copy of /mnt/c, 30 is
#   EBUSY, 31 closes the new shell's descriptor only, so 32 is still EBUSY.
# observed on Linux 6.18.44 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c
mount -t tmpfs vol /mnt/a
mount --bind /mnt/a /mnt/b
exec 3<>/mnt/a/f
umount /mnt/a
umount -l /mnt/a
mount -o remount,ro /mnt/b
mount -o remount,bind,ro /mnt/b
exec 3<&-
mount -o remount,ro /mnt/b
mount -o remount,rw /mnt/b
mount --bind /mnt/b /mnt/c
exec 3<>/mnt/c/g
unshare -m
mount -o remount,bind,ro /mnt/c
mount -o remount,ro /mnt/c
exec 3<&-
mount -o remount,ro /mnt/b
