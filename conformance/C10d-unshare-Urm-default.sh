# C10d Clone namespace: util-linux default in a new user namespace.
# source: sharedsubtree.rst §5g, fs/namespace.c copy_mnt_ns(); docs/semantics.md §2.6 and §6 C10;
#   docs/measurements.md §5b.
# Outer namespace: /mnt/s shared, /mnt/v a slave of the shared /mnt/z, /mnt/p and /mnt/q
#   private, /mnt/u unbindable. Then `unshare -Urm`. In the new namespace: tmpfs i1 at s/x, i2 at
#   z/x, i3 at v/y, i4 at p/x, a bind of u, and `umount /mnt/q`. The runner prints the outer
#   namespace (ns 1) as well, so propagation from inner to outer shows there.
# expected:
#   every inner mount private; nothing reaches the outer namespace; umount /mnt/q: EINVAL (locked).
# observed on Linux 6.18.44-fc-v657: every inner mount private, u not unbindable, bind of u works; nothing
#   reaches the outer namespace; line 32 (umount /mnt/q): EINVAL (locked). 7 outer, 12 inner.
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
unshare -Urm
mount -t tmpfs i1 /mnt/s/x
mount -t tmpfs i2 /mnt/z/x
mount -t tmpfs i3 /mnt/v/y
mount -t tmpfs i4 /mnt/p/x
mount --bind /mnt/u /mnt/w
umount /mnt/q
