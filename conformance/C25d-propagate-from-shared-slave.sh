# propagate_from on a shared slave (shared, master and propagate_from on one row): the slave's
# master group has no member in its namespace, so it shows the nearest group up the master chain
# that does (get_dominating_id(), show_mountinfo(), fs/proc_namespace.c).
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
mount --make-shared /mnt/c
umount /mnt/b
