# C12b FAQ 3 with an unbindable self-bind of tmp: replication stays linear.
# source: sharedsubtree.rst FAQ 3, second half; docs/semantics.md §6 C12; docs/measurements.md §6.
# expected: each rbind adds exactly one copy of R at /mnt/r/tmp/mN (tmp's unbindable self-bind
#   is pruned from the copies): R, the tmp self-bind and m1..m4 = 6 mounts of R, plus /mnt = 7.
#   The copies are in R's group and mounted on the unbindable tmp mount.
# observed on Linux 6.18.44-fc-v657: as expected, 7 mounts: tmp self-bind (root /tmp) unbindable, not shared;
#   m1..m4 shared:1 with parent the tmp mount. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/tmp /mnt/r/usr
mount --bind /mnt/r/tmp /mnt/r/tmp
mount --make-rshared /mnt/r
mount --make-unbindable /mnt/r/tmp
mkdir -p /mnt/r/tmp/m1
mount --rbind /mnt/r /mnt/r/tmp/m1
mkdir -p /mnt/r/tmp/m2
mount --rbind /mnt/r /mnt/r/tmp/m2
mkdir -p /mnt/r/tmp/m3
mount --rbind /mnt/r /mnt/r/tmp/m3
mkdir -p /mnt/r/tmp/m4
mount --rbind /mnt/r /mnt/r/tmp/m4
