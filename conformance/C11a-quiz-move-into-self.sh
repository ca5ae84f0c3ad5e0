# C11a sharedsubtree.rst quiz A: move a peer of a shared mount into that mount.
# source: sharedsubtree.rst §7 quiz A (no answer in the doc); docs/measurements.md §6.
# Doc: bind /mnt /mnt; make-shared /mnt; bind /mnt /tmp; move /tmp /mnt/1. Here /mnt and /tmp
#   are directories /mnt/mnt and /mnt/tmp of the scenario's root tmpfs.
# expected (measured before, docs/measurements.md §6): 3 mounts of the root tmpfs, all in one
#   peer group: /mnt/mnt, /mnt/mnt/1 and /mnt/mnt/1/1 (the moved mount plus one propagated
#   copy); the recursion stops one level down. With /mnt: 4 mounts.
# observed on Linux 6.18.44-fc-v657: as measured before: 4 mounts; /mnt/mnt, /mnt/mnt/1, /mnt/mnt/1/1 all root
#   /mnt of the root tmpfs, all shared:1. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt/1 /mnt/tmp
mount --bind /mnt/mnt /mnt/mnt
mount --make-shared /mnt/mnt
mount --bind /mnt/mnt /mnt/tmp
mount --move /mnt/tmp /mnt/mnt/1
