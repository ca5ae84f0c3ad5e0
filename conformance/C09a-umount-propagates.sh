# C09a Umount propagation: the umount of C1 removes C2 and C3 too.
# source: sharedsubtree.rst §5f; docs/semantics.md §2.8.4 and §6 C9.
# Peers B1, B2, B3 (/mnt/b1..b3); A mounted at b (A1..A3 by propagation), then C on top
#   (C1..C3). `umount /mnt/b1/b` unmounts C1, the topmost mount there.
# expected: C1, C2, C3 all removed; A1..A3 remain. 7 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 7 mounts: B1-B3 shared:1, A1-A3 shared:2; no C left. No failed line.
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
umount /mnt/b1/b
