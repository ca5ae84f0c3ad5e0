# Probe f: lazy umount of a shared mount M whose propagated counterparts differ: which stay?
# source: docs/semantics.md §2.8.4 (2025+: maximal non-shifting, non-revealing set).
# Peers p1, p2, p3 (/mnt/p1..p3); M at p1/x propagates to M2 (p2/x), M3 (p3/x), peers. Then:
#   M2 is made private and gets a child K at M2/k (inside, not on its root);
#   M3 is made private and gets an overmount O on its root;
#   then `umount -l /mnt/p1/x`.
# expected: M goes; M3 goes and O is reparented onto p3 at x; M2 stays with K (removing it
#   would shift K).
# observed on Linux 6.18.44-fc-v657: as expected, 7 mounts: M (p1) and M3 (p3) gone; O now parent p3 (66) at
#   /mnt/p3/x; M2 (private) and K remain on p2. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/p1 /mnt/p2 /mnt/p3
mount -t tmpfs P /mnt/p1
mkdir -p /mnt/p1/x
mount --make-shared /mnt/p1
mount --bind /mnt/p1 /mnt/p2
mount --bind /mnt/p1 /mnt/p3
mount -t tmpfs M /mnt/p1/x
mkdir -p /mnt/p1/x/k
mount --make-private /mnt/p2/x
mount -t tmpfs K /mnt/p2/x/k
mount --make-private /mnt/p3/x
mount -t tmpfs O /mnt/p3/x
umount -l /mnt/p1/x
