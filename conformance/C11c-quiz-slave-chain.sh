# C11c sharedsubtree.rst quiz C: A -> B -> C slave chain, then a bind on A.
# source: sharedsubtree.rst §7 quiz C (no answer in the doc); docs/measurements.md §6.
# Doc's /mnt, /tmp, /tmp1, /bin are directories /mnt/mnt, /mnt/tmp, /mnt/tmp1 and a tmpfs BIN at
#   /mnt/bin. A = /mnt/tmp (root dentry 1), B = /mnt/tmp1 (root 1/2, slave of A), C = /mnt/mnt
#   (slave of B). Last line: bind /bin /tmp/test, done on A.
# expected (measured before): tmp shared:gA; tmp1 shared:gB master:gA; mnt master:gB. The bind
#   gives tmp/test shared:gT and mnt/1/test master:gT: B gets no copy (its root 1/2 has no
#   test) but the event still reaches C through B's group. 7 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 7 mounts: tmp (root /mnt/1) shared:1, tmp1 (root /mnt/1/2)
#   shared:2 master:1, mnt master:2; tmp/test shared:3, mnt/1/test master:3, none under tmp1.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt /mnt/tmp /mnt/tmp1 /mnt/bin
mount -t tmpfs BIN /mnt/bin
mount --bind /mnt/mnt /mnt/mnt
mount --make-shared /mnt/mnt
mkdir -p /mnt/mnt/1/2/3 /mnt/mnt/1/test
mount --bind /mnt/mnt/1 /mnt/tmp
mount --make-slave /mnt/mnt
mount --make-shared /mnt/mnt
mount --bind /mnt/mnt/1/2 /mnt/tmp1
mount --make-slave /mnt/mnt
mount --bind /mnt/bin /mnt/tmp/test
