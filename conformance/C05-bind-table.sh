# C05 Bind semantics table: `mount --bind A B/c` for the eight (source, destination) cells.
# source: sharedsubtree.rst §5b bind table and its detail cases 1-8; docs/semantics.md §2.5, §6 C5.
# Layout per cell K: A at /mnt/kK/a (shared cells: with a peer at /mnt/kK/ap; slave cells: a
#   bind of Z=/mnt/kK/z made slave), B a tmpfs at /mnt/kK/b. Shared destinations have a peer
#   /mnt/kK/bp and a slave /mnt/kK/bs, so the copies' propagation tree is visible. After the
#   bind, a tmpfs xK is mounted at A/x (shared source) or Z/x (slave source) to show where
#   events reach the new mount C (at b/c).
# expected:
#   1 shared->shared: C joins A's group (with a, ap); bp/c is a peer too; bs/c is a slave of
#     that group. x reaches a, ap, C, bp/c and bs/c.
#   2 private->shared: C, bp/c in one new group; bs/c a slave of it. A stays private.
#   3 slave->shared: C and bp/c in a new group that is a slave of Z's group (shared+master);
#     bs/c a slave of C's group. x at Z reaches a, C, bp/c, bs/c.
#   4 unbindable->shared: EINVAL.
#   5 shared->private: C joins A's group; x reaches a, ap, C.
#   6 private->private: C private.
#   7 slave->private: C a slave of Z's group; x at Z reaches a and C.
#   8 unbindable->private: EINVAL.
# observed on Linux 6.18.44-fc-v657: as expected, 57 mounts. 1: b/c, bp/c in A's group, bs/c master of it. 2: new
#   group for b/c,bp/c, bs/c its slave. 3: b/c,bp/c shared:new master:Z, bs/c master:new; A
#   stays master-only. 5: joins A's group. 6: private. 7: master:Z. Lines 76 and 116 (cells 4, 8): EINVAL.
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
mkdir -p /mnt/k1/a/x
mount --make-shared /mnt/k1/a
mount --bind /mnt/k1/a /mnt/k1/ap
mount --bind /mnt/k1/a /mnt/k1/b/c
mount -t tmpfs x1 /mnt/k1/a/x

# cell 2: source A private, destination B shared
mkdir -p /mnt/k2/a /mnt/k2/ap /mnt/k2/z /mnt/k2/b /mnt/k2/bp /mnt/k2/bs
mount -t tmpfs b2 /mnt/k2/b
mkdir -p /mnt/k2/b/c
mount --make-shared /mnt/k2/b
mount --bind /mnt/k2/b /mnt/k2/bp
mount --bind /mnt/k2/b /mnt/k2/bs
mount --make-slave /mnt/k2/bs
mount -t tmpfs a2 /mnt/k2/a
mkdir -p /mnt/k2/a/x
mount --bind /mnt/k2/a /mnt/k2/b/c

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
mount --bind /mnt/k3/a /mnt/k3/b/c
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
mkdir -p /mnt/k4/a/x
mount --make-unbindable /mnt/k4/a
mount --bind /mnt/k4/a /mnt/k4/b/c

# cell 5: source A shared, destination B private
mkdir -p /mnt/k5/a /mnt/k5/ap /mnt/k5/z /mnt/k5/b /mnt/k5/bp /mnt/k5/bs
mount -t tmpfs b5 /mnt/k5/b
mkdir -p /mnt/k5/b/c
mount -t tmpfs a5 /mnt/k5/a
mkdir -p /mnt/k5/a/x
mount --make-shared /mnt/k5/a
mount --bind /mnt/k5/a /mnt/k5/ap
mount --bind /mnt/k5/a /mnt/k5/b/c
mount -t tmpfs x5 /mnt/k5/a/x

# cell 6: source A private, destination B private
mkdir -p /mnt/k6/a /mnt/k6/ap /mnt/k6/z /mnt/k6/b /mnt/k6/bp /mnt/k6/bs
mount -t tmpfs b6 /mnt/k6/b
mkdir -p /mnt/k6/b/c
mount -t tmpfs a6 /mnt/k6/a
mkdir -p /mnt/k6/a/x
mount --bind /mnt/k6/a /mnt/k6/b/c

# cell 7: source A slave, destination B private
mkdir -p /mnt/k7/a /mnt/k7/ap /mnt/k7/z /mnt/k7/b /mnt/k7/bp /mnt/k7/bs
mount -t tmpfs b7 /mnt/k7/b
mkdir -p /mnt/k7/b/c
mount -t tmpfs z7 /mnt/k7/z
mkdir -p /mnt/k7/z/x
mount --make-shared /mnt/k7/z
mount --bind /mnt/k7/z /mnt/k7/a
mount --make-slave /mnt/k7/a
mount --bind /mnt/k7/a /mnt/k7/b/c
mount -t tmpfs x7 /mnt/k7/z/x

# cell 8: source A unbindable, destination B private
mkdir -p /mnt/k8/a /mnt/k8/ap /mnt/k8/z /mnt/k8/b /mnt/k8/bp /mnt/k8/bs
mount -t tmpfs b8 /mnt/k8/b
mkdir -p /mnt/k8/b/c
mount -t tmpfs a8 /mnt/k8/a
mkdir -p /mnt/k8/a/x
mount --make-unbindable /mnt/k8/a
mount --bind /mnt/k8/a /mnt/k8/b/c
