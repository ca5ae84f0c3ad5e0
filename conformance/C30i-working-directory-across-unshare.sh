# C30i Container practice: a working directory inside a volume, across unshare -m.
# source: copy_mnt_ns() moves the task's root and cwd to the copies (fs/namespace.c);
#   propagate_mount_busy() (fs/pnode.c); docs/semantics.md §2.11 and §6 C30.
# expected: umount of the cwd's mount is EBUSY; after `unshare -m --propagation unchanged` the
#   new shell's cwd is the copy (EBUSY again); after `cd /` the copy is free but its peer in the
#   first namespace is still the waiting shell's cwd, so umount is still EBUSY; umount -l works.
# observed on Linux 6.18.44-fc-v1045: EBUSY: lines 15, 17 and 19; line 20 (umount -l) works.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mount --make-shared /mnt
mkdir -p /mnt/vol
mount -t tmpfs vol /mnt/vol
mkdir -p /mnt/vol/d
cd /mnt/vol/d
umount /mnt/vol
unshare -m --propagation unchanged
umount /mnt/vol
cd /
umount /mnt/vol
umount -l /mnt/vol
