# propagate_from inside a second user namespace: the groups made there are shared with a nested
# mount namespace of the same user namespace; the copies of the first namespace's mounts are
# locked slaves whose masters are never visible, so they show no propagate_from.
mount -t tmpfs root /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/e
mount -t tmpfs a /mnt/a
mount --make-shared /mnt/a
mount -t tmpfs e /mnt/e
mount --make-shared /mnt/e
unshare -Urm --propagation unchanged
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b
mount --make-slave /mnt/b
mount --make-shared /mnt/b
unshare -m --propagation unchanged
mount --bind /mnt/b /mnt/c
mount --make-slave /mnt/c
umount /mnt/b
