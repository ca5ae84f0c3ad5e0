# C23 Lazy umount keeps locked children attached; locked mounts cannot be unmounted alone.
# source: commit ce07d891a089 "mnt: Honor MNT_LOCKED when detaching mounts";
#   docs/semantics.md §2.8.3, §2.9 and §6 C23; docs/measurements.md §5c.
# Outer namespace: tmpfs T at /mnt/t with a child tmpfs C at /mnt/t/c (and D at /mnt/t/c/d).
#   `unshare -Urm --propagation unchanged` copies them into a less privileged namespace, where
#   every copied non-root mount is locked. There, `mount --rbind /mnt/t /mnt/t2` makes an
#   unlocked copy of T whose children keep MNT_LOCKED.
# expected (inner namespace):
#   umount /mnt/t/c -> EINVAL (locked); umount -l /mnt/t -> EINVAL (locked);
#   umount /mnt/t2/c -> EINVAL (a locked child of the unlocked copy);
#   umount /mnt/t2 -> EBUSY (it has children); umount -l /mnt/t2 -> succeeds: t2, t2/c and
#   t2/c/d all leave the namespace (the locked ones stay attached to the detached t2, which
#   mountinfo cannot show).
# observed on Linux 6.18.44-fc-v657: as expected. EINVAL: lines 23 (umount t/c), 24 (umount -l t), 26 (umount
#   t2/c); EBUSY: line 27 (umount t2); line 28 (umount -l t2) works: inner goes from 7 to 4 mounts
#   (t2, t2/c, t2/c/d gone). Outer: 4 mounts, untouched.
mount -t tmpfs root /mnt
mkdir -p /mnt/t /mnt/t2
mount -t tmpfs T /mnt/t
mkdir -p /mnt/t/c
mount -t tmpfs C /mnt/t/c
mkdir -p /mnt/t/c/d
mount -t tmpfs D /mnt/t/c/d
unshare -Urm --propagation unchanged
umount /mnt/t/c
umount -l /mnt/t
mount --rbind /mnt/t /mnt/t2
umount /mnt/t2/c
umount /mnt/t2
umount -l /mnt/t2
