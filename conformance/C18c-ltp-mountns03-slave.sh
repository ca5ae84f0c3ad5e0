# C18c LTP mountns03 as a mount table: A shared, child makes its copy a slave.
# source: LTP testcases/kernel/containers/mountns/mountns03.c; docs/semantics.md §5.1, §6 C18.
# LTP's directories A and B with files A/A and B/B are /mnt/A and /mnt/B with marker
#   directories A/A and B/B; A is bound onto itself first. LTP's clone(CLONE_NEWNS) child
#   is `unshare -m --propagation unchanged` (same user namespace, kernel copy semantics).
# Only LTP's case 2 is expressible: case 1 needs the parent to bind after the clone, and a
#   scenario never returns to an earlier namespace.
# expected: the child's copy of A becomes master:<A's group>; its bind of B onto A stays in the
#   child (ns 1: 2 mounts, A shared; ns 2: A master, B's bind on it, private).
# observed on Linux 6.18.44-fc-v657: as expected: ns 1: A shared:1, 2 mounts; ns 2: A master:1, B's bind on it
#   private, 3 mounts. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/A/A /mnt/B/B
mount --bind /mnt/A /mnt/A
mount --make-shared /mnt/A
unshare -m --propagation unchanged
mount --make-slave /mnt/A
mount --bind /mnt/B /mnt/A
