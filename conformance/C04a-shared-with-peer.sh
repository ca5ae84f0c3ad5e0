# C04a State transition table, row "shared, with a peer": each cell applies one --make-* command to
#   a mount m in this state, then checks the result through propagation behaviour.
# source: sharedsubtree.rst §5a state transition table; docs/semantics.md §2.2 and §6 C4.
# Layout per cell K (K = 1 make-shared, 2 make-slave, 3 make-private, 4 make-unbindable):
#   /mnt/cK/o is a tmpfs (the origin), /mnt/cK/m is a bind of it, put into state "shared, with a peer",
#   then the command is applied to m. Checks afterwards:
#   - bind m to /mnt/cK/c: EINVAL iff m is unbindable; c is m's peer iff m is shared, and
#     c is a slave of m's master iff m is a slave;
#   - tmpfs xK at /mnt/cK/o/x: copies appear at m/x (and c/x) iff m receives from o's group;
#   - tmpfs yK at /mnt/cK/m/y: a copy appears at o/y iff m is still o's peer, at c/y iff c is
#     m's peer.
# expected:
#   cell 1 (make-shared): no change; m and c in o's group; x at o, m, c; y at m, o, c.
#   cell 2 (make-slave): m becomes a slave of its former peer group (master:<o's group>); c is
#     a slave of the same group; x at o, m, c; y only at m.
#   cell 3 (make-private): m and c private; x only at o; y only at m.
#   cell 4 (make-unbindable): m unbindable; bind m c fails EINVAL; x only at o; y only at m.
# observed on Linux 6.18.44-fc-v657: as expected, 26 mounts. c1: o,m,c shared:1, x and y in all three. c2: m,c
#   master:<o>, x copies master:<x's group>, y private only at m. c3: m,c private. c4: m unbindable;
#   line 61 (bind m c): EINVAL.
mount -t tmpfs root /mnt

# cell 1: shared, with a peer + --make-shared
mkdir -p /mnt/c1/o /mnt/c1/m /mnt/c1/c
mount -t tmpfs o1 /mnt/c1/o
mkdir -p /mnt/c1/o/x /mnt/c1/o/y
mount --make-shared /mnt/c1/o
mount --bind /mnt/c1/o /mnt/c1/m
mount --make-shared /mnt/c1/m
mount --bind /mnt/c1/m /mnt/c1/c
mount -t tmpfs x1 /mnt/c1/o/x
mount -t tmpfs y1 /mnt/c1/m/y

# cell 2: shared, with a peer + --make-slave
mkdir -p /mnt/c2/o /mnt/c2/m /mnt/c2/c
mount -t tmpfs o2 /mnt/c2/o
mkdir -p /mnt/c2/o/x /mnt/c2/o/y
mount --make-shared /mnt/c2/o
mount --bind /mnt/c2/o /mnt/c2/m
mount --make-slave /mnt/c2/m
mount --bind /mnt/c2/m /mnt/c2/c
mount -t tmpfs x2 /mnt/c2/o/x
mount -t tmpfs y2 /mnt/c2/m/y

# cell 3: shared, with a peer + --make-private
mkdir -p /mnt/c3/o /mnt/c3/m /mnt/c3/c
mount -t tmpfs o3 /mnt/c3/o
mkdir -p /mnt/c3/o/x /mnt/c3/o/y
mount --make-shared /mnt/c3/o
mount --bind /mnt/c3/o /mnt/c3/m
mount --make-private /mnt/c3/m
mount --bind /mnt/c3/m /mnt/c3/c
mount -t tmpfs x3 /mnt/c3/o/x
mount -t tmpfs y3 /mnt/c3/m/y

# cell 4: shared, with a peer + --make-unbindable
mkdir -p /mnt/c4/o /mnt/c4/m /mnt/c4/c
mount -t tmpfs o4 /mnt/c4/o
mkdir -p /mnt/c4/o/x /mnt/c4/o/y
mount --make-shared /mnt/c4/o
mount --bind /mnt/c4/o /mnt/c4/m
mount --make-unbindable /mnt/c4/m
mount --bind /mnt/c4/m /mnt/c4/c
mount -t tmpfs x4 /mnt/c4/o/x
mount -t tmpfs y4 /mnt/c4/m/y
