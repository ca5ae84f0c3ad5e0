# Probe g: NON-lazy umount of a shared mount M whose propagated counterparts differ: which stay?
# source: docs/semantics.md §2.8.4 (2025+: maximal non-shifting, non-revealing set).
# Peers p1, p2, p3 (/mnt/p1..p3); M at p1/x propagates to M2 (p2/x), M3 (p3/x), peers. Then:
#   M2 is made private and gets a child K at M2/k (inside, not on its root);
#   M3 is made private and gets an overmount O on its root;
#   then `umount -l /mnt/p1/x`.
# Same shape as probe f, but `umount /mnt/p1/x` without -l. M itself has no children.
# expected: not EBUSY (the busy check skips counterparts with children; M3, whose only child is
#   its overmount, is checked and is not busy); removed as in probe f: M and M3 go, O is
#   reparented onto p3, M2 and K stay.
# observed on Linux 6.18.44-fc-v657: not EBUSY; exactly the result of probe f (7 mounts: M, M3 gone, O
#   reparented onto p3, M2 and K stay). No failed line.
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
umount /mnt/p1/x
