# C22 Overmounts of propagated umount victims: reparented only when they survive.
# source: 2025 fix da025cdb97a2; propagate_umount.txt; docs/semantics.md §2.8.4 and §6 C22.
# Cells 1 and 2 each with peers /mnt/kK/p1, /mnt/kK/p2, a tmpfs A at p1/x (its copy A' at p2/x by
#   propagation), then a tmpfs B on top of A (B' on A').
#   cell 1: `umount -l /mnt/k1/p1/x` twice: first B and B', then A and A'. The candidate A' and
#     its overmount B' are never both left half-done: no reparenting happens.
#   cell 2: the copy B' (at /mnt/k2/p2/x) is made private and gets its own overmount C (not
#     propagated), then the same two lazy umounts.
# expected:
#   cell 1: only p1 and p2 remain.
#   cell 2: first umount: B and B' go; C (on B' root, not a victim) survives and is reparented
#     to where B' was attached: parent A', mount point /mnt/k2/p2/x. Second umount: A and A' go;
#     C is reparented again, onto p2 at x. Final: p1, p2 and C (parent p2).
#   cell 3 (below): P, A, B, P', A', B' all go; q1 and q2 remain; nothing reparented.
#   Properties: at most one mount per (parent, mount point) at every step; C is never lost.
# observed on Linux 6.18.44-fc-v657: as expected, 8 mounts at the end: k1/p1, k1/p2; k2/p1, k2/p2, and C2 with
#   parent k2/p2 at /mnt/k2/p2/x. After the first k2 umount (checked with a truncated copy): C2's
#   parent is A' (id 73) at /mnt/k2/p2/x. Cell 3: only q1, q2 left (6 mounts removed). No failed line.
mount -t tmpfs root /mnt

# cell 1
mkdir -p /mnt/k1/p1 /mnt/k1/p2
mount -t tmpfs P1 /mnt/k1/p1
mkdir -p /mnt/k1/p1/x
mount --make-shared /mnt/k1/p1
mount --bind /mnt/k1/p1 /mnt/k1/p2
mount -t tmpfs A1 /mnt/k1/p1/x
mount -t tmpfs B1 /mnt/k1/p1/x
umount -l /mnt/k1/p1/x
umount -l /mnt/k1/p1/x

# cell 2
mkdir -p /mnt/k2/p1 /mnt/k2/p2
mount -t tmpfs P2 /mnt/k2/p1
mkdir -p /mnt/k2/p1/x
mount --make-shared /mnt/k2/p1
mount --bind /mnt/k2/p1 /mnt/k2/p2
mount -t tmpfs A2 /mnt/k2/p1/x
mount -t tmpfs B2 /mnt/k2/p1/x
mount --make-private /mnt/k2/p2/x
mount -t tmpfs C2 /mnt/k2/p2/x
umount -l /mnt/k2/p1/x
umount -l /mnt/k2/p1/x

# cell 3: one lazy umount whose victims include both a candidate and its overmount: peers q1,
# q2; P at q1/y (P' at q2/y); A at P/x (A' at P'/x); B on top of A (B' on A'). `umount -l
# /mnt/k3/q1/y` takes P, A, B and, by propagation, P', A', B' (B' sits on A', both victims).
mkdir -p /mnt/k3/q1 /mnt/k3/q2
mount -t tmpfs Q3 /mnt/k3/q1
mkdir -p /mnt/k3/q1/y
mount --make-shared /mnt/k3/q1
mount --bind /mnt/k3/q1 /mnt/k3/q2
mount -t tmpfs P3 /mnt/k3/q1/y
mkdir -p /mnt/k3/q1/y/x
mount -t tmpfs A3 /mnt/k3/q1/y/x
mount -t tmpfs B3 /mnt/k3/q1/y/x
umount -l /mnt/k3/q1/y
