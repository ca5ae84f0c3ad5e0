# C30d Container practice: the same volume as C30c, unmounted from inside the container.
# source: as C30c; docs/semantics.md §2.8.4 (counterparts with children), §2.11 and §6 C30.
# expected: a plain umount of /mnt/ctr/vol inside the container is EBUSY (the volume has a
#   child); umount of the nested mount first works and propagates to the host; then the volume
#   goes in both namespaces.
# observed on Linux 6.18.44-fc-v1045: EBUSY: line 23 (the volume has a child); lines 24 and 25
#   work and propagate: the volume is gone from both namespaces.
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
nsenter --mount=/mnt/ns/c umount /mnt/ctr/vol
nsenter --mount=/mnt/ns/c umount /mnt/ctr/vol/sub
nsenter --mount=/mnt/ns/c umount /mnt/ctr/vol
