# C18b LTP mountns02 as a mount table: private A, no propagation either way.
# source: LTP testcases/kernel/containers/mountns/mountns02.c; docs/semantics.md §5.1, §6 C18.
# LTP's directories A and B with files A/A and B/B are /mnt/A and /mnt/B with marker
#   directories A/A and B/B; A is bound onto itself first. LTP's clone(CLONE_NEWNS) child
#   is `unshare -m --propagation unchanged` (same user namespace, kernel copy semantics).
# Case 2 (child binds) as written; case 1 (parent binds) is its mirror image for private mounts.
# expected: the child's bind of B onto A stays in the child: ns 1 shows A only (2 mounts), ns 2
#   shows A with B on top (3 mounts).
# observed on Linux 6.18.44-fc-v657: as expected: ns 1 has 2 mounts (A private), ns 2 has 3 (B on A). No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/A/A /mnt/B/B
mount --bind /mnt/A /mnt/A
mount --make-private /mnt/A
unshare -m --propagation unchanged
mount --bind /mnt/B /mnt/A
