# C07 Move semantics table: `mount --move A B/c` for the eight (source, destination) cells,
#   plus the refused moves.
# source: sharedsubtree.rst §5d move table; docs/semantics.md §2.7 and §6 C7.
# Layout per cell K as in C05: A at /mnt/kK/a (its parent, the /mnt tmpfs, is private); shared
#   sources have a peer /mnt/kK/ap, slave sources are a bind of Z=/mnt/kK/z made slave, private
#   sources have a child tmpfs kK at a/k. Shared destinations B have a peer bp and a slave bs.
#   After the move a tmpfs xK at ap/x (shared source) or z/x (slave source) shows where events
#   reach the moved mount.
# expected:
#   1 shared->shared: A (same mount id) at b/c stays in its group; copies at bp/c join that
#     group, bs/c is a slave of it; x at ap reaches b/c, bp/c, bs/c.
#   2 private->shared: A and its child become shared (new groups); copies at bp/c, bp/c/k are
#     peers; bs/c, bs/c/k slaves.
#   3 slave->shared: A becomes shared and slave of Z's group; bp/c its peer; bs/c its slave.
#   4 unbindable->shared: EINVAL.
#   5-8 non-shared destination: A keeps its type (shared, private, slave, unbindable); no copies.
#   e1: moving a mount whose parent is shared: EINVAL.
#   e2: moving a tree that contains an unbindable mount onto a shared mount: EINVAL; the same
#     tree onto a private mount is allowed.
#   e3: moving a mount under itself: ELOOP. Moving a mount to its own place is also tried.
# observed on Linux 6.18.44-fc-v657: as expected, 57 mounts. 1: moved A keeps its id and group, bp/c joins it, bs/c
#   master of it; 2: A and child get new groups, bp copies peers, bs copies slaves; 3: b/c, bp/c
#   shared:new master:Z, bs/c master:new; 5-8 types unchanged. EINVAL: line 79 (cell 4), 128 (e1),
#   139 (e2 onto shared; line 140 onto private works). ELOOP: 146 (under itself) and 147 (onto itself).
#   Note: mount(8) exits 16 after every successful --move here (utab on read-only /).
mount -t tmpfs root /mnt

# cell 1: source A shared, destination B shared
mkdir -p /mnt/k1/a /mnt/k1/ap /mnt/k1/z /mnt/k1/b /mnt/k1/bp /mnt/k1/bs
mount -t tmpfs b1 /mnt/k1/b
mkdir -p /mnt/k1/b/c
mount --make-shared /mnt/k1/b
mount --bind /mnt/k1/b /mnt/k1/bp
mount --bind /mnt/k1/b /mnt/k1/bs
mount --make-slave /mnt/k1/bs
mount -t tmpfs a1 /mnt/k1/a
mkdir -p /mnt/k1/a/x /mnt/k1/a/k
mount --make-shared /mnt/k1/a
mount --bind /mnt/k1/a /mnt/k1/ap
mount --move /mnt/k1/a /mnt/k1/b/c
mount -t tmpfs x1 /mnt/k1/ap/x

# cell 2: source A private, destination B shared
mkdir -p /mnt/k2/a /mnt/k2/ap /mnt/k2/z /mnt/k2/b /mnt/k2/bp /mnt/k2/bs
mount -t tmpfs b2 /mnt/k2/b
mkdir -p /mnt/k2/b/c
mount --make-shared /mnt/k2/b
mount --bind /mnt/k2/b /mnt/k2/bp
mount --bind /mnt/k2/b /mnt/k2/bs
mount --make-slave /mnt/k2/bs
mount -t tmpfs a2 /mnt/k2/a
mkdir -p /mnt/k2/a/x /mnt/k2/a/k
mount -t tmpfs k2 /mnt/k2/a/k
mount --move /mnt/k2/a /mnt/k2/b/c

# cell 3: source A slave, destination B shared
mkdir -p /mnt/k3/a /mnt/k3/ap /mnt/k3/z /mnt/k3/b /mnt/k3/bp /mnt/k3/bs
mount -t tmpfs b3 /mnt/k3/b
mkdir -p /mnt/k3/b/c
mount --make-shared /mnt/k3/b
mount --bind /mnt/k3/b /mnt/k3/bp
mount --bind /mnt/k3/b /mnt/k3/bs
mount --make-slave /mnt/k3/bs
mount -t tmpfs z3 /mnt/k3/z
mkdir -p /mnt/k3/z/x
mount --make-shared /mnt/k3/z
mount --bind /mnt/k3/z /mnt/k3/a
mount --make-slave /mnt/k3/a
mount --move /mnt/k3/a /mnt/k3/b/c
mount -t tmpfs x3 /mnt/k3/z/x

# cell 4: source A unbindable, destination B shared
mkdir -p /mnt/k4/a /mnt/k4/ap /mnt/k4/z /mnt/k4/b /mnt/k4/bp /mnt/k4/bs
mount -t tmpfs b4 /mnt/k4/b
mkdir -p /mnt/k4/b/c
mount --make-shared /mnt/k4/b
mount --bind /mnt/k4/b /mnt/k4/bp
mount --bind /mnt/k4/b /mnt/k4/bs
mount --make-slave /mnt/k4/bs
mount -t tmpfs a4 /mnt/k4/a
mkdir -p /mnt/k4/a/x /mnt/k4/a/k
mount --make-unbindable /mnt/k4/a
mount --move /mnt/k4/a /mnt/k4/b/c

# cell 5: source A shared, destination B private
mkdir -p /mnt/k5/a /mnt/k5/ap /mnt/k5/z /mnt/k5/b /mnt/k5/bp /mnt/k5/bs
mount -t tmpfs b5 /mnt/k5/b
mkdir -p /mnt/k5/b/c
mount -t tmpfs a5 /mnt/k5/a
mkdir -p /mnt/k5/a/x /mnt/k5/a/k
mount --make-shared /mnt/k5/a
mount --bind /mnt/k5/a /mnt/k5/ap
mount --move /mnt/k5/a /mnt/k5/b/c
mount -t tmpfs x5 /mnt/k5/ap/x

# cell 6: source A private, destination B private
mkdir -p /mnt/k6/a /mnt/k6/ap /mnt/k6/z /mnt/k6/b /mnt/k6/bp /mnt/k6/bs
mount -t tmpfs b6 /mnt/k6/b
mkdir -p /mnt/k6/b/c
mount -t tmpfs a6 /mnt/k6/a
mkdir -p /mnt/k6/a/x /mnt/k6/a/k
mount -t tmpfs k6 /mnt/k6/a/k
mount --move /mnt/k6/a /mnt/k6/b/c

# cell 7: source A slave, destination B private
mkdir -p /mnt/k7/a /mnt/k7/ap /mnt/k7/z /mnt/k7/b /mnt/k7/bp /mnt/k7/bs
mount -t tmpfs b7 /mnt/k7/b
mkdir -p /mnt/k7/b/c
mount -t tmpfs z7 /mnt/k7/z
mkdir -p /mnt/k7/z/x
mount --make-shared /mnt/k7/z
mount --bind /mnt/k7/z /mnt/k7/a
mount --make-slave /mnt/k7/a
mount --move /mnt/k7/a /mnt/k7/b/c
mount -t tmpfs x7 /mnt/k7/z/x

# cell 8: source A unbindable, destination B private
mkdir -p /mnt/k8/a /mnt/k8/ap /mnt/k8/z /mnt/k8/b /mnt/k8/bp /mnt/k8/bs
mount -t tmpfs b8 /mnt/k8/b
mkdir -p /mnt/k8/b/c
mount -t tmpfs a8 /mnt/k8/a
mkdir -p /mnt/k8/a/x /mnt/k8/a/k
mount --make-unbindable /mnt/k8/a
mount --move /mnt/k8/a /mnt/k8/b/c

# e1: source's parent is shared
mkdir -p /mnt/e1/p /mnt/e1/t
mount -t tmpfs p /mnt/e1/p
mkdir -p /mnt/e1/p/q
mount --make-shared /mnt/e1/p
mount -t tmpfs q /mnt/e1/p/q
mount --move /mnt/e1/p/q /mnt/e1/t

# e2: tree with an unbindable mount inside, onto a shared target, then onto a private one
mkdir -p /mnt/e2/a /mnt/e2/b /mnt/e2/d
mount -t tmpfs a /mnt/e2/a
mkdir -p /mnt/e2/a/u
mount -t tmpfs u /mnt/e2/a/u
mount --make-unbindable /mnt/e2/a/u
mount -t tmpfs b /mnt/e2/b
mkdir -p /mnt/e2/b/c
mount --make-shared /mnt/e2/b
mount --move /mnt/e2/a /mnt/e2/b/c
mount --move /mnt/e2/a /mnt/e2/d

# e3: into its own subtree, and onto itself
mkdir -p /mnt/e3/a
mount -t tmpfs a /mnt/e3/a
mkdir -p /mnt/e3/a/s
mount --move /mnt/e3/a /mnt/e3/a/s
mount --move /mnt/e3/a /mnt/e3/a
