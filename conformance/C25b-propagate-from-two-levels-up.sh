# propagate_from two levels up the master chain: the master's group and its master's group have
# no member in the namespace; the group above them has one (get_dominating_id()).
mount -t tmpfs root /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/d
mount -t tmpfs a /mnt/a
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b
mount --make-slave /mnt/b
mount --make-shared /mnt/b
mount --bind /mnt/b /mnt/c
mount --make-slave /mnt/c
mount --make-shared /mnt/c
unshare -m --propagation unchanged
mount --bind /mnt/c /mnt/d
mount --make-slave /mnt/d
umount /mnt/b
umount /mnt/c
