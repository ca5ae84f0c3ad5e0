# C30f Container practice: umount -l of a busy volume with an open file, then release.
# source: do_umount() and propagate_mount_busy() with reference counts, umount_tree() with
#   MNT_DETACH (fs/namespace.c, fs/pnode.c); docs/semantics.md §2.8.2, §2.11 and §6 C30.
# The host's shared /mnt/vol is copied into container c (peers); the shell opens a file on the
#   host's volume.
# expected: umount inside the container is EBUSY (the host's counterpart is held, childless);
#   umount -l inside the container detaches the volume in both namespaces; after exec 3<&- a
#   new volume mounted from the host appears in both.
# observed on Linux 6.18.44-fc-v1045: EBUSY: line 24 (the host's counterpart is held by fd 3);
#   line 25 (umount -l in c) detaches the volume in both; vol2 (line 27) is in both, peers.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/ctr
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c
mount -t tmpfs ctr /mnt/ctr
mount --make-shared /mnt/ctr
mkdir -p /mnt/ctr/vol
mount -t tmpfs vol /mnt/ctr/vol
touch /mnt/ctr/vol/file
unshare -m --propagation unchanged --mount=/mnt/ns/c true
exec 3</mnt/ctr/vol/file
nsenter --mount=/mnt/ns/c umount /mnt/ctr/vol
nsenter --mount=/mnt/ns/c umount -l /mnt/ctr/vol
exec 3<&-
mount -t tmpfs vol2 /mnt/ctr/vol
