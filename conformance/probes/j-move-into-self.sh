# Probe j: moving a mount onto a target inside itself, and onto its own place.
# source: docs/semantics.md §2.7 (source is an ancestor of the target: ELOOP).
# expected: ELOOP for the move into a/s. For the move onto /mnt/a itself: the target path
#   resolves to the top of /mnt/a, which is a itself, so a would become its own child: ELOOP too.
#   A move of b (stacked on a at a's root) onto /mnt/a likewise resolves to b itself.
# observed on Linux 6.18.44-fc-v657: ELOOP for all three moves (lines 11, 12, 14); nothing changes (3 mounts).
mount -t tmpfs root /mnt
mkdir -p /mnt/a
mount -t tmpfs a /mnt/a
mkdir -p /mnt/a/s
mount --move /mnt/a /mnt/a/s
mount --move /mnt/a /mnt/a
mount -t tmpfs b /mnt/a
mount --move /mnt/a /mnt/a
