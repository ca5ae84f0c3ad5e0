# C30h Container practice: a namespace exits while a slave namespace still receives.
# source: put_mnt_ns() -> umount_tree() of the whole namespace without propagation;
#   bulk_make_private() moves a dying master's slaves to a surviving peer (fs/namespace.c,
#   6.18); docs/semantics.md §2.8.5, §2.11 and §6 C30.
# c1 is a peer copy of the host; c2 is made (from the host) rslave, so its /mnt/v is a slave of
#   the group spanning host and c1. Then c2 gets a mount that only c1 made (c1 and host peers).
# expected: after umount of /mnt/ns/c1 (the last reference) c1 is torn down; c2's slaves move
#   to the host's surviving peers, so a later host mount still reaches c2; /mnt/ns/c1 is no
#   namespace file any more (nsenter: EINVAL).
# observed on Linux 6.18.44-fc-v1045: EINVAL: line 26 (nsenter through /mnt/ns/c1, no namespace
#   file any more); c2 keeps byc1 and receives byhost (master:3) after c1 is gone.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/v
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1 /mnt/ns/c2
mount -t tmpfs v /mnt/v
mount --make-shared /mnt/v
mkdir -p /mnt/v/a /mnt/v/b /mnt/v/c
unshare -m --propagation unchanged --mount=/mnt/ns/c1 true
unshare -m --propagation slave --mount=/mnt/ns/c2 true
nsenter --mount=/mnt/ns/c1 mount -t tmpfs byc1 /mnt/v/a
umount /mnt/ns/c1
mount -t tmpfs byhost /mnt/v/b
nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/v/c/x
