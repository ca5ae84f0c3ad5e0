# Probe d: make-slave of a mount that is shared (with a peer) AND a slave: whose slave is it?
# source: docs/semantics.md §2.2 (code detail, inferred: a former peer's group).
# Z shared at /mnt/z; m a bind of z made slave then shared (shared:G master:Z); p a bind of m (a
#   peer of m in G, also master Z). Then make-slave m. Checks: tmpfs x1 at p/x (G's side), tmpfs
#   y1 at z/y (Z's side), tmpfs k1 at m/k (m's own).
# expected (inferred): m becomes master:G (its former peer group), not master:Z; x1 reaches m/x;
#   y1 reaches p/y and, through G, m/y; k1 stays at m.
# observed on Linux 6.18.44-fc-v657: as inferred: m is master:2 (G, its former peer group), not master:1 (Z); p
#   stays shared:2 master:1. x1 reaches m/x (master:3); y1 reaches p/y (shared:5 master:4) and m/y
#   (master:5, i.e. via G); k1 stays at m only. 10 mounts.
mount -t tmpfs root /mnt
mkdir -p /mnt/z /mnt/m /mnt/p
mount -t tmpfs Z /mnt/z
mkdir -p /mnt/z/x /mnt/z/y /mnt/z/k
mount --make-shared /mnt/z
mount --bind /mnt/z /mnt/m
mount --make-slave /mnt/m
mount --make-shared /mnt/m
mount --bind /mnt/m /mnt/p
mount --make-slave /mnt/m
mount -t tmpfs x1 /mnt/p/x
mount -t tmpfs y1 /mnt/z/y
mount -t tmpfs k1 /mnt/m/k
