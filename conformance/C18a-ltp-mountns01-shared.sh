# C18a LTP mountns01 as a mount table: shared A, bind in the child seen by the parent.
# source: LTP testcases/kernel/containers/mountns/mountns01.c; docs/semantics.md §5.1, §6 C18.
# LTP's directories A and B with files A/A and B/B are /mnt/A and /mnt/B with marker
#   directories A/A and B/B; A is bound onto itself first. LTP's clone(CLONE_NEWNS) child
#   is `unshare -m --propagation unchanged` (same user namespace, kernel copy semantics).
# The scenario language cannot act in the parent after the clone, so LTP's case 1 (parent
#   binds, child sees) is written as its mirror, case 2; for peers the two are symmetric.
#   LTP's final umount (cleanup) is left out so the result stays visible.
# expected: the child's bind of B onto A appears on the parent's A too (both shared, same
#   group): ns 1 and ns 2 each show A (self-bind) with B's bind on top. 3 mounts per namespace.
# observed on Linux 6.18.44-fc-v657: as expected: both namespaces show A (root /A, shared:1) and B's bind on it
#   (root /B, shared:2, a new group since B was private). No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/A/A /mnt/B/B
mount --bind /mnt/A /mnt/A
mount --make-shared /mnt/A
unshare -m --propagation unchanged
mount --bind /mnt/B /mnt/A
