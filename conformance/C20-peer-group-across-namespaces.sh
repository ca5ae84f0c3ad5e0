# C20 One peer group across three live namespaces (the sharing that MOVE_MOUNT_SET_GROUP restores
#   for CRIU; here made by copying namespaces): a second container joins the first one's group.
# source: copy_mnt_ns() keeps groups in the same user namespace; propagate_mnt(),
#   propagate_umount() (fs/pnode.c); docs/semantics.md §2.6, §2.11 and §6 C20.
# The host's /mnt/v is shared; containers c1 and c2 are copies with --propagation unchanged, so
#   /mnt/v is one group with a member in each namespace.
# expected: a tmpfs mounted on /mnt/v/a inside c2 appears in the host and in c1, all peers; a
#   umount of /mnt/v/a inside c1 removes it everywhere; a second mount from the host on
#   /mnt/v/b stays in all three.
# observed on Linux 6.18.44-fc-v1045: no failing line; /mnt/v/a is gone from all three namespaces,
#   /mnt/v/b (fromhost) is in all three, one group.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/v
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1 /mnt/ns/c2
mount -t tmpfs vol /mnt/v
mount --make-shared /mnt/v
mkdir -p /mnt/v/a /mnt/v/b
unshare -m --propagation unchanged --mount=/mnt/ns/c1 true
unshare -m --propagation unchanged --mount=/mnt/ns/c2 true
nsenter --mount=/mnt/ns/c2 mount -t tmpfs fromc2 /mnt/v/a
nsenter --mount=/mnt/ns/c1 umount /mnt/v/a
mount -t tmpfs fromhost /mnt/v/b
