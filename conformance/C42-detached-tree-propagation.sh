# C42 Propagation and detached trees: nothing propagates into a detached copy; attaching a detached
#   tree at a shared mount propagates it to the mount's peers and slaves.
# source: propagate_one() (fs/pnode.c: a receiver in an anonymous namespace is skipped, since the
#   6.15 MNTNS_PROPAGATING change was reverted), attach_recursive_mnt() (fs/namespace.c);
#   docs/semantics.md §2.15.
# t is a detached copy of the shared /mnt/a (a peer of it); a tmpfs mounted on /mnt/a/s afterwards
#   is not copied into t. /mnt/p, /mnt/q are peers, /mnt/r a slave of them; w, a recursive copy of
#   /mnt/src, is attached at /mnt/p/x.
# expected: /mnt/b (t attached, line 18) holds no s; /mnt/p/x, /mnt/q/x and /mnt/r/x get the tree
#   with its inner mount; w's close changes nothing; the umount of /mnt/src/in leaves the copies.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b
mount -t tmpfs x /mnt/a
mount --make-shared /mnt/a
mountfd open_tree t /mnt/a OPEN_TREE_CLONE
mkdir -p /mnt/a/s
mount -t tmpfs y /mnt/a/s
mountfd move_mount t /mnt/b
mkdir -p /mnt/p /mnt/q /mnt/r /mnt/src
mount -t tmpfs shared /mnt/p
mount --make-shared /mnt/p
mount --bind /mnt/p /mnt/q
mount --bind /mnt/p /mnt/r
mount --make-slave /mnt/r
mkdir -p /mnt/p/x
mount -t tmpfs src /mnt/src
mkdir -p /mnt/src/in
mount -t tmpfs inner /mnt/src/in
mountfd open_tree w /mnt/src OPEN_TREE_CLONE AT_RECURSIVE
mountfd move_mount w /mnt/p/x
mountfd close w
umount /mnt/src/in
