# C18d LTP mountns04 as a mount table: unbindable A cannot be bound.
# source: LTP testcases/kernel/containers/mountns/mountns04.c; docs/semantics.md §5.1, §6 C18.
# LTP's directories A and B with files A/A and B/B are /mnt/A and /mnt/B with marker
#   directories A/A and B/B; A is bound onto itself first. LTP's clone(CLONE_NEWNS) child
#   is `unshare -m --propagation unchanged` (same user namespace, kernel copy semantics).
# No clone is needed: LTP unshares only to isolate itself, which the runner already does.
# expected: `mount --bind /mnt/A /mnt/B` fails with EINVAL; A shows unbindable. 2 mounts.
# observed on Linux 6.18.44-fc-v657: as expected: line 13 (bind A B): EINVAL; A unbindable; 2 mounts.
mount -t tmpfs root /mnt
mkdir -p /mnt/A/A /mnt/B/B
mount --bind /mnt/A /mnt/A
mount --make-unbindable /mnt/A
mount --bind /mnt/A /mnt/B
