# C104 `umount /` of the caller's own root without -l makes its superblock read-only
#   (do_umount_root()), which a file open for writing on any mount of that superblock refuses
#   (EBUSY), as `mount -o remount,ro` does; a writer on another filesystem does not count, and
#   `umount -l /` detaches the root whatever is open.
# source: do_umount() -> do_umount_root() -> reconfigure_super() -> sb_prepare_remount_readonly(),
#   fs/namespace.c and fs/super.c; docs/semantics.md §2.18, §2.19 and §6 C104.
# expected: the first umount / EBUSY, so the mkdir after it works; umount -l / works.
# observed on Linux 6.18.44 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/b
mount -t tmpfs other /mnt/b
exec 3<>/mnt/w
exec 4<>/mnt/b/w
mountfd open_tree r /mnt
mountfd chroot r
umount /
mkdir -p /mnt/x
umount -l /
