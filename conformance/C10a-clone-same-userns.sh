# C10a Clone namespace: same user namespace, kernel copy semantics.
# source: sharedsubtree.rst §5g, fs/namespace.c copy_mnt_ns(); docs/semantics.md §2.6 and §6 C10;
#   docs/measurements.md §5b.
# Outer namespace: /mnt/s shared, /mnt/v a slave of the shared /mnt/z, /mnt/p and /mnt/q
#   private, /mnt/u unbindable. Then `unshare -m --propagation unchanged`. In the new namespace: tmpfs i1 at s/x, i2 at
#   z/x, i3 at v/y, i4 at p/x, a bind of u, and `umount /mnt/q`. The runner prints the outer
#   namespace (ns 1) as well, so propagation from inner to outer shows there.
# expected:
#   copies keep group and master: inner s is a peer of outer s (i1 appears in both namespaces);
#   inner z is a peer of outer z, inner v a slave of z's group (i2 appears at z/x and v/x in
#   both); i3 (on the inner slave v) stays inner; i4 inner only; inner u is unbindable (bind:
#   EINVAL); umount /mnt/q works (nothing is locked in the same user namespace).
# observed on Linux 6.18.44-fc-v657: groups and masters copied as expected (inner s shared:1, z shared:2, v master:2;
#   i1, i2 appear in both namespaces; i3, i4 inner only; umount /mnt/q works). DIFFERENCE: the inner
#   copy of u has NO unbindable mark and line 34 (bind of u) succeeds: 6.18.44 drops T_UNBINDABLE
#   when copying a namespace (strace: util-linux issues only unshare(CLONE_NEWNS)). 10 outer, 12 inner.
mount -t tmpfs root /mnt
mkdir -p /mnt/s /mnt/z /mnt/v /mnt/p /mnt/q /mnt/u /mnt/w
mount -t tmpfs s /mnt/s
mkdir -p /mnt/s/x
mount --make-shared /mnt/s
mount -t tmpfs z /mnt/z
mkdir -p /mnt/z/x /mnt/z/y
mount --make-shared /mnt/z
mount --bind /mnt/z /mnt/v
mount --make-slave /mnt/v
mount -t tmpfs p /mnt/p
mkdir -p /mnt/p/x
mount -t tmpfs q /mnt/q
mount -t tmpfs u /mnt/u
mount --make-unbindable /mnt/u
unshare -m --propagation unchanged
mount -t tmpfs i1 /mnt/s/x
mount -t tmpfs i2 /mnt/z/x
mount -t tmpfs i3 /mnt/v/y
mount -t tmpfs i4 /mnt/p/x
mount --bind /mnt/u /mnt/w
umount /mnt/q
