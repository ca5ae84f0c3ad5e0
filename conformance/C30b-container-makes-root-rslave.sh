# C30b Container practice: a container that copies the host unchanged and then makes its own
#   root rslave (what runtimes do with rootfsPropagation=rslave).
# source: do_change_type() recursive (fs/namespace.c), change_mnt_propagation() (fs/pnode.c);
#   sharedsubtree.rst §5a; docs/semantics.md §2.2, §2.11 and §6 C30.
# expected: before the make-rslave a mount in the container reaches the host (peers); after it,
#   host mounts still reach the container and container mounts no longer reach the host.
# observed on Linux 6.18.44-fc-v1045: no failing line; host: /mnt/r/a (before) and /mnt/r/c
#   (fromhost), not /mnt/r/b; c: a and c as master:N, b private.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/r
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c
mount -t tmpfs root /mnt/r
mount --make-shared /mnt/r
mkdir -p /mnt/r/a /mnt/r/b /mnt/r/c
unshare -m --propagation unchanged --mount=/mnt/ns/c true
nsenter --mount=/mnt/ns/c mount -t tmpfs before /mnt/r/a
nsenter --mount=/mnt/ns/c mount --make-rslave /mnt/r
nsenter --mount=/mnt/ns/c mount -t tmpfs after /mnt/r/b
mount -t tmpfs fromhost /mnt/r/c
