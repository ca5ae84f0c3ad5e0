# C30c Container practice: a volume rbind-mounted shared into a container, unmounted on the host.
# source: do_loopback() with MS_REC, copy_tree(), propagate_umount() (fs/pnode.c, 2025
#   generation); docs/semantics.md §2.5, §2.8, §2.11 and §6 C30.
# The host's /mnt/src (tmpfs with a nested tmpfs) is rbind-mounted shared on /mnt/ctr/vol, then
#   the container c is a peer copy of the host (--propagation unchanged).
# expected: umount -l of /mnt/ctr/vol on the host takes the volume and its nested mount in the
#   host and, by propagation, in the container; /mnt/src stays in both.
# observed on Linux 6.18.44-fc-v1045: no failing line; /mnt/ctr/vol and /mnt/ctr/vol/sub are gone
#   from the host and from c; /mnt/src and /mnt/src/sub stay.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/src /mnt/ctr
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c
mount -t tmpfs src /mnt/src
mkdir -p /mnt/src/sub
mount -t tmpfs sub /mnt/src/sub
mount -t tmpfs ctr /mnt/ctr
mount --make-shared /mnt/ctr
mkdir -p /mnt/ctr/vol
mount --rbind /mnt/src /mnt/ctr/vol
mount --make-rshared /mnt/ctr/vol
unshare -m --propagation unchanged --mount=/mnt/ns/c true
umount -l /mnt/ctr/vol
