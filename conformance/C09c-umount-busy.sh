# C09c Umount of a mount that has a child is refused.
# source: sharedsubtree.rst §5f; docs/semantics.md §2.8.2 and §6 C9.
# As C09a, but C1 gets a child, which propagates to C2 and C3.
# expected: `umount /mnt/b1/b` fails with EBUSY and nothing is removed. 13 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 13 mounts, all still there. Line 19 (umount /mnt/b1/b): EBUSY.
mount -t tmpfs root /mnt
mkdir -p /mnt/b1 /mnt/b2 /mnt/b3
mount -t tmpfs B /mnt/b1
mkdir -p /mnt/b1/b
mount --make-shared /mnt/b1
mount --bind /mnt/b1 /mnt/b2
mount --bind /mnt/b1 /mnt/b3
# A1..A3: one mount at b, propagated to the peers
mount -t tmpfs A /mnt/b1/b
# C1..C3: stacked on top of A1..A3 (C1 parent A1 at its root; propagated through the A group)
mount -t tmpfs C /mnt/b1/b
mkdir -p /mnt/b1/b/k
mount -t tmpfs K /mnt/b1/b/k
umount /mnt/b1/b
