# C02 Slave: propagation is one-way.
# source: sharedsubtree.rst §2b; docs/semantics.md §6 C2.
# expected: /mnt/tmp is master:N of /mnt/mnt's group. sd0 at /mnt/mnt/a appears at /mnt/tmp/a
#   (as a slave of the new group); sd1 at /mnt/tmp/b stays private and does not appear at
#   /mnt/mnt/b. 6 mounts in all.
# observed on Linux 6.18.44-fc-v657: as expected. 6 mounts: mnt shared:1, tmp master:1; mnt/a shared:2, tmp/a
#   master:2; tmp/b private; nothing at mnt/b. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt /mnt/tmp
mount -t tmpfs mnt /mnt/mnt
mkdir -p /mnt/mnt/a /mnt/mnt/b
mount --make-shared /mnt/mnt
mount --bind /mnt/mnt /mnt/tmp
mount --make-slave /mnt/tmp
mount -t tmpfs sd0 /mnt/mnt/a
mount -t tmpfs sd1 /mnt/tmp/b
