# C04f State transition table, row "unbindable": each cell applies one --make-* command to
#   a mount m in this state, then checks the result through propagation behaviour.
# source: sharedsubtree.rst §5a state transition table; docs/semantics.md §2.2 and §6 C4.
# Layout per cell K (K = 1 make-shared, 2 make-slave, 3 make-private, 4 make-unbindable):
#   /mnt/cK/o is a tmpfs (the origin), /mnt/cK/m is a bind of it, put into state "unbindable",
#   then the command is applied to m. Checks afterwards:
#   - bind m to /mnt/cK/c: EINVAL iff m is unbindable; c is m's peer iff m is shared, and
#     c is a slave of m's master iff m is a slave;
#   - tmpfs xK at /mnt/cK/o/x: copies appear at m/x (and c/x) iff m receives from o's group;
#   - tmpfs yK at /mnt/cK/m/y: a copy appears at o/y iff m is still o's peer, at c/y iff c is
#     m's peer.
# expected:
#   cell 1 (make-shared): m shared, no longer unbindable; c its peer; y at m and c.
#   cell 2 (make-slave): no effect, m stays unbindable; bind fails EINVAL; y only at m.
#   cell 3 (make-private): m private (mark cleared); c private; y only at m.
#   cell 4 (make-unbindable): no change; bind fails EINVAL; y only at m.
# observed on Linux 6.18.44-fc-v657: as expected, 20 mounts. c1: m,c shared:1 (unbindable mark cleared); c2: m stays
#   unbindable, line 38 (bind m c): EINVAL; c3: m,c private; c4: line 60: EINVAL.
mount -t tmpfs root /mnt

# cell 1: unbindable + --make-shared
mkdir -p /mnt/c1/o /mnt/c1/m /mnt/c1/c
mount -t tmpfs o1 /mnt/c1/o
mkdir -p /mnt/c1/o/x /mnt/c1/o/y
mount --bind /mnt/c1/o /mnt/c1/m
mount --make-unbindable /mnt/c1/m
mount --make-shared /mnt/c1/m
mount --bind /mnt/c1/m /mnt/c1/c
mount -t tmpfs x1 /mnt/c1/o/x
mount -t tmpfs y1 /mnt/c1/m/y

# cell 2: unbindable + --make-slave
mkdir -p /mnt/c2/o /mnt/c2/m /mnt/c2/c
mount -t tmpfs o2 /mnt/c2/o
mkdir -p /mnt/c2/o/x /mnt/c2/o/y
mount --bind /mnt/c2/o /mnt/c2/m
mount --make-unbindable /mnt/c2/m
mount --make-slave /mnt/c2/m
mount --bind /mnt/c2/m /mnt/c2/c
mount -t tmpfs x2 /mnt/c2/o/x
mount -t tmpfs y2 /mnt/c2/m/y

# cell 3: unbindable + --make-private
mkdir -p /mnt/c3/o /mnt/c3/m /mnt/c3/c
mount -t tmpfs o3 /mnt/c3/o
mkdir -p /mnt/c3/o/x /mnt/c3/o/y
mount --bind /mnt/c3/o /mnt/c3/m
mount --make-unbindable /mnt/c3/m
mount --make-private /mnt/c3/m
mount --bind /mnt/c3/m /mnt/c3/c
mount -t tmpfs x3 /mnt/c3/o/x
mount -t tmpfs y3 /mnt/c3/m/y

# cell 4: unbindable + --make-unbindable
mkdir -p /mnt/c4/o /mnt/c4/m /mnt/c4/c
mount -t tmpfs o4 /mnt/c4/o
mkdir -p /mnt/c4/o/x /mnt/c4/o/y
mount --bind /mnt/c4/o /mnt/c4/m
mount --make-unbindable /mnt/c4/m
mount --make-unbindable /mnt/c4/m
mount --bind /mnt/c4/m /mnt/c4/c
mount -t tmpfs x4 /mnt/c4/o/x
mount -t tmpfs y4 /mnt/c4/m/y
