# C103 After `mountfd chroot` into a detached copy, every path is in that copy, which is in no
#   namespace of the caller: the mount(2) calls that put a mount on a path or change the mount of
#   one refuse it, as umount does.
# source: check_mnt() in do_add_mount() (a new tmpfs), do_loopback() (bind and rbind),
#   do_reconfigure_mnt() and do_remount() (bind and superblock remounts), fs/namespace.c;
#   docs/semantics.md §2.18 and §6 C103.
# expected: the tmpfs mount, bind, rbind, bind remount and superblock remount EINVAL; both mkdir
#   lines in the copy work; umount EINVAL.
# observed on Linux 6.18.44 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/mnt
mount -t tmpfs sub /mnt/mnt
mkdir -p /mnt/mnt/a/b /mnt/mnt/c
mountfd open_tree r /mnt OPEN_TREE_CLONE AT_RECURSIVE
mountfd chroot r
mkdir -p /mnt/d
mount -t tmpfs in /mnt/a
mount --bind /mnt/a /mnt/c
mount --rbind /mnt/a /mnt/c
mount -o remount,bind,ro /mnt
mount -o remount,ro /mnt
mkdir -p /mnt/e
umount /mnt
