# C19 What another live namespace sees: its own mount table, read while it is alive (what
#   statmount(2)/listmount(2) with a namespace id read; here through nsenter and mountinfo).
# source: unshare(1) --mount=FILE and --propagation; copy_mnt_ns() (fs/namespace.c);
#   sharedsubtree.rst §5g; docs/semantics.md §2.6, §2.11 and §6 C19.
# Three namespaces persisted on files from one shell whose /mnt/v is shared: c1 keeps the
#   kernel's copy (--propagation unchanged: peers), c2 is made rslave, c3 rprivate (util-linux's
#   default). A mount on /mnt/v/a afterwards reaches c1 (peer) and c2 (slave), not c3.
# expected: c1 shows /mnt/v and /mnt/v/a in the host's groups; c2 shows them as master:N;
#   c3 has /mnt/v private and no /mnt/v/a. The shell's table lists the three nsfs mounts.
# observed on Linux 6.18.44-fc-v1045: no failing line; c1: /mnt/v and /mnt/v/a peers of the host's
#   (shared:1, shared:2); c2: master:1, master:2; c3: /mnt/v private, no /mnt/v/a.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/v
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1 /mnt/ns/c2 /mnt/ns/c3
mount -t tmpfs vol /mnt/v
mount --make-shared /mnt/v
unshare -m --propagation unchanged --mount=/mnt/ns/c1 true
unshare -m --propagation slave --mount=/mnt/ns/c2 true
unshare -m --mount=/mnt/ns/c3 true
mkdir -p /mnt/v/a
mount -t tmpfs data /mnt/v/a
