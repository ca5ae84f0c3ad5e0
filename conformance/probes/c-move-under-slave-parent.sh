# Probe c: `mount --move` of a mount whose parent is a slave (not shared): allowed?
# source: docs/semantics.md §2.7 (only a shared parent is refused).
# M is mounted on the slave /mnt/s at x (stays local), then moved to /mnt/t. For comparison, the
#   same move out of the shared /mnt/p is refused.
# observed on Linux 6.18.44-fc-v657: allowed: line 14 (move M from the slave s to /mnt/t) works, M stays private
#   (6 mounts). Line 16 (the same move out of the shared p): EINVAL.
mount -t tmpfs root /mnt
mkdir -p /mnt/p /mnt/s /mnt/t /mnt/t2
mount -t tmpfs P /mnt/p
mkdir -p /mnt/p/x /mnt/p/y
mount --make-shared /mnt/p
mount --bind /mnt/p /mnt/s
mount --make-slave /mnt/s
mount -t tmpfs M /mnt/s/x
mount --move /mnt/s/x /mnt/t
mount -t tmpfs N /mnt/p/y
mount --move /mnt/p/y /mnt/t2
