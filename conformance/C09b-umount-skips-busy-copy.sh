# C09b Umount propagation skips a counterpart that has a child.
# source: sharedsubtree.rst §5f; docs/semantics.md §2.8.4 and §6 C9.
# As C09a, but C2 is made private and then gets a child (which therefore does not propagate).
# expected: `umount /mnt/b1/b` succeeds; C1 and C3 are removed; C2 and its child stay.
#   3 B + 3 A + C2 + child + /mnt = 9 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 9 mounts: C2 (now private, parent A2) and its child K remain;
#   C1, C3 removed. No failed line.
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
mount --make-private /mnt/b2/b
mount -t tmpfs K /mnt/b2/b/k
umount /mnt/b1/b
