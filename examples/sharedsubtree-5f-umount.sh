# sharedsubtree.rst §5f: an umount propagates to the counterparts, except busy ones.
#
# The doc: B1, B2, B3 are peers; A is mounted at b (so A1, A2, A3 by propagation), then C on
# top of it (C1, C2, C3). `umount C1` unmounts C1, C2 and C3 - but a counterpart that has
# mounts of its own below it stays. Here C2 is first made private and then gets a child K,
# which therefore stays on C2 alone.
#
# Each Ci is stacked on Ai at Ai's root (mounting on a mount point goes on top of what is
# there); Ci's counterparts are found through Ai's peers.
#
# Result on Linux 6.18.44-fc-v657 (9 mounts): B1-B3 (shared:1), A1-A3 (shared:2), C2 (now private) and
# its child K. C1 and C3 are gone. Had C1 itself a child, the umount would fail with EBUSY and
# remove nothing (conformance/C09c-umount-busy.sh).
mount -t tmpfs root /mnt
mkdir -p /mnt/b1 /mnt/b2 /mnt/b3
mount -t tmpfs B /mnt/b1
mkdir -p /mnt/b1/b
mount --make-shared /mnt/b1
mount --bind /mnt/b1 /mnt/b2
mount --bind /mnt/b1 /mnt/b3
mount -t tmpfs A /mnt/b1/b
mount -t tmpfs C /mnt/b1/b
mkdir -p /mnt/b1/b/k
mount --make-private /mnt/b2/b
mount -t tmpfs K /mnt/b2/b/k
umount /mnt/b1/b
