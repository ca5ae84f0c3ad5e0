# C10c Clone namespace: util-linux default (--propagation private).
# source: sharedsubtree.rst §5g, fs/namespace.c copy_mnt_ns(); docs/semantics.md §2.6 and §6 C10;
#   docs/measurements.md §5b.
# Outer namespace: /mnt/s shared, /mnt/v a slave of the shared /mnt/z, /mnt/p and /mnt/q
#   private, /mnt/u unbindable. Then `unshare -m`. In the new namespace: tmpfs i1 at s/x, i2 at
#   z/x, i3 at v/y, i4 at p/x, a bind of u, and `umount /mnt/q`. The runner prints the outer
#   namespace (ns 1) as well, so propagation from inner to outer shows there.
# expected:
#   the kernel copies as in C10a, then util-linux makes / recursively private: every inner mount
#   is private; nothing reaches the outer namespace; umount /mnt/q works. Whether the unbindable
#   mark survives: see probes/a-unshare-clears-unbindable.sh.
# observed on Linux 6.18.44-fc-v657: every inner mount private (no tags, u not unbindable either); nothing reaches
#   the outer namespace; umount /mnt/q works. 7 outer, 11 inner mounts. No failed line.
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
unshare -m
mount -t tmpfs i1 /mnt/s/x
mount -t tmpfs i2 /mnt/z/x
mount -t tmpfs i3 /mnt/v/y
mount -t tmpfs i4 /mnt/p/x
mount --bind /mnt/u /mnt/w
umount /mnt/q
