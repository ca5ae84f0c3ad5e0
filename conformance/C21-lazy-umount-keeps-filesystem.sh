# C21 A lazily unmounted filesystem lives on while a file on it is open (the shape behind LTP's
#   EBUSY from mkfs after a lazy umount, without a block device): umount is EBUSY, umount -l
#   detaches the mount at once, the open file keeps it alive until it is closed.
# source: do_umount() and propagate_mount_busy() (reference counts), umount_tree() with
#   MNT_DETACH, mntput_no_expire() (fs/namespace.c); docs/semantics.md §2.8.2, §2.11, §4.2 and §6
#   C21.
# expected: umount with fds 3 and 4 open on /mnt/v is EBUSY; umount -l works and /mnt/v leaves
#   the table; a new tmpfs can be mounted on /mnt/v at once; closing the descriptors frees the
#   old one, invisibly; umount of the new one works.
# observed on Linux 6.18.44-fc-v1045: EBUSY: line 23 (umount with fds 3 and 4 open); line 24
#   (umount -l) works; the new tmpfs mounts and unmounts (lines 25, 27); only /mnt is left.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/v
mount -t tmpfs old /mnt/v
touch /mnt/v/f
mkdir -p /mnt/v/d
exec 3</mnt/v/f
cd /mnt/v/d
cd /
mount --make-shared /mnt/v
exec 4</mnt/v/d
umount /mnt/v
umount -l /mnt/v
mount -t tmpfs new /mnt/v
exec 3<&-
umount /mnt/v
exec 4<&-
