# C79: a mount made a slave of a detached peer. /mnt is shared with its bind /mnt/a, a
# non-recursive open_tree(OPEN_TREE_CLONE) of /mnt joins their peer group as a detached tree, and
# make-slave /mnt picks the peer with /mnt's root, the detached clone, as its master. Then
# propagation from /mnt/a reaches /mnt only through the clone's slave list. 6.18 and 7.2 walk it:
# the umount of /mnt/a/x takes /mnt/x along, and attaching the clone on /mnt/a stacks a copy on
# /mnt. 5.10, 6.1 and 6.12 count a mount of an anonymous namespace as new (IS_MNT_NEW(),
# fs/pnode.h) and never look at its slaves: /mnt/x stays and nothing is stacked on /mnt
# (KernelRule.DETACHED_PEER_HIDES_SLAVES, docs/semantics.md §8.2). Found by conform --kernel 5.10
# --seed 20261205 (shrunk to the first five lines and the move_mount).
mount -t tmpfs a /mnt
mkdir -p /mnt/a /mnt/x
mount --make-shared /mnt
mount --bind /mnt /mnt/a
mount -t tmpfs x /mnt/a/x
mountfd open_tree u /mnt OPEN_TREE_CLONE
mount --make-slave /mnt
umount /mnt/a/x
mountfd move_mount u /mnt/a
