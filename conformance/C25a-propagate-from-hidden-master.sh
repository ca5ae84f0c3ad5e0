# propagate_from: a slave whose master group has no member in its namespace shows the nearest
# group up the master chain that does (get_dominating_id(), show_mountinfo(), fs/proc_namespace.c).
mount -t tmpfs root /mnt
mkdir -p /mnt/a /mnt/b /mnt/c
mount -t tmpfs a /mnt/a
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b
mount --make-slave /mnt/b
mount --make-shared /mnt/b
unshare -m --propagation unchanged
mount --bind /mnt/b /mnt/c
mount --make-slave /mnt/c
umount /mnt/b
