# Each errno the kernel runner reads, one line each (docs/measurements.md §5c and the ops probe).
mkdir -p /mnt/outside
mount -t tmpfs root /mnt
mkdir -p /mnt/a/b /mnt/c /mnt/d /mnt/e
umount /mnt/c
mount --bind /mnt/nope /mnt/c
mount -t tmpfs c /mnt/c
mkdir -p /mnt/c/x /mnt/c/y
mount -t tmpfs x /mnt/c/x
umount /mnt/c
mount --move /mnt/c /mnt/c/y
mount --make-unbindable /mnt/c
mount --bind /mnt/c /mnt/d
mount --make-shared /mnt
mount -t tmpfs e /mnt/e
mount --move /mnt/e /mnt/d
