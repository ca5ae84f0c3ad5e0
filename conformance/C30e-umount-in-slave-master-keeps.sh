# C30e Container practice: umount inside a slave container while the host keeps the mount.
# source: propagate_umount() only follows propagation downstream (fs/pnode.c);
#   sharedsubtree.rst §2b; docs/semantics.md §2.8, §2.11 and §6 C30.
# expected: the container's copy of /mnt/vol/data goes, the host's stays; a later host mount on
#   /mnt/vol/data goes on top of the host's data, whose group has no member in the container
#   any more, so the container does not receive it.
# observed on Linux 6.18.44-fc-v1045: no failing line; the host keeps /mnt/vol/data (data) with
#   'again' on top; c has no /mnt/vol/data: 'again' went onto the host's data, whose copy in c is
#   gone.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/vol
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c
mount -t tmpfs vol /mnt/vol
mount --make-shared /mnt/vol
mkdir -p /mnt/vol/data
mount -t tmpfs data /mnt/vol/data
unshare -m --propagation slave --mount=/mnt/ns/c true
nsenter --mount=/mnt/ns/c umount /mnt/vol/data
mount -t tmpfs again /mnt/vol/data
