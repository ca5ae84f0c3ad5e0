# C30a Container practice: a host mount propagates into two containers.
# source: sharedsubtree.rst §2b (slave mounts), util-linux unshare --propagation slave;
#   docs/semantics.md §2.5, §2.11 and §6 C30.
# The host's /mnt/vol is shared; containers c1 (-m, rslave) and c2 (-Urm, rslave: a less
#   privileged container whose copies are locked) are persisted on files.
# expected: the tmpfs the host mounts on /mnt/vol/data afterwards appears in both containers as
#   a slave copy (master: the host's group); a mount made inside c1 does not reach the host or c2.
# observed on Linux 6.18.44-fc-v1045: no failing line; /mnt/vol/data is master:2 in c1 and c2;
#   /mnt/vol/own only in c1.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/vol
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1 /mnt/ns/c2
mount -t tmpfs vol /mnt/vol
mount --make-shared /mnt/vol
mkdir -p /mnt/vol/data /mnt/vol/own
unshare -m --propagation slave --mount=/mnt/ns/c1 true
unshare -Urm --propagation slave --mount=/mnt/ns/c2 true
mount -t tmpfs data /mnt/vol/data
nsenter --mount=/mnt/ns/c1 mount -t tmpfs own /mnt/vol/own
