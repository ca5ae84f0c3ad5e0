# C30g Container practice: mount --move in one namespace while another namespace holds a peer.
# source: do_move_mount() (fs/namespace.c): a mount under a shared parent cannot move; a move
#   under a shared destination propagates; sharedsubtree.rst §5d; docs/semantics.md §2.7, §2.11.
# Container c is a peer copy of the host. In c, /mnt/p is private (made so inside c), so a mount
#   there can move; moving it under c's shared /mnt/s propagates it to the host.
# expected: the host's move of /mnt/s/x (parent shared) is EINVAL; in c the move of /mnt/p/m
#   onto /mnt/s/y works and the host receives a peer copy at /mnt/s/y; the host, holding fd 3
#   on its copy, cannot umount it (EBUSY), and c's umount is EBUSY too (a held counterpart);
#   after exec 3<&- c's umount takes it from both.
# observed on Linux 6.18.44-fc-v1045: EINVAL: line 26 (move under a shared parent); EBUSY: lines
#   30 (host, fd 3 held) and 31 (from c: the held counterpart); line 33 after the release works in
#   both namespaces.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/s /mnt/p
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c
mount -t tmpfs s /mnt/s
mount --make-shared /mnt/s
mkdir -p /mnt/s/x /mnt/s/y /mnt/q
mount -t tmpfs x /mnt/s/x
mount -t tmpfs p /mnt/p
mkdir -p /mnt/p/m
unshare -m --propagation unchanged --mount=/mnt/ns/c true
mount --move /mnt/s/x /mnt/q
nsenter --mount=/mnt/ns/c mount -t tmpfs m /mnt/p/m
nsenter --mount=/mnt/ns/c mount --move /mnt/p/m /mnt/s/y
exec 3</mnt/s/y
umount /mnt/s/y
nsenter --mount=/mnt/ns/c umount /mnt/s/y
exec 3<&-
nsenter --mount=/mnt/ns/c umount /mnt/s/y
