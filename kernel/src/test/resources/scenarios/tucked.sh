# A mount propagated to a slave is tucked under the slave's own mount at the same place
# (docs/measurements.md §5c, "Semantics seen in the ops probe").
mount -t tmpfs root /mnt
mkdir -p /mnt/a/y /mnt/b
mount --make-shared /mnt
mount --bind /mnt/a /mnt/b
mount --make-slave /mnt/b
mount -t tmpfs local /mnt/b/y
mount -t tmpfs prop /mnt/a/y
mount -t tmpfs over /mnt
mkdir -p /mnt/q
mount -t tmpfs q /mnt/q
