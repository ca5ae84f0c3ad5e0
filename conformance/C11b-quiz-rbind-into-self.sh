# C11b sharedsubtree.rst quiz B: rbind a recursively shared tree under itself.
# source: sharedsubtree.rst §7 quiz B (no answer in the doc); docs/measurements.md §6.
# Doc: make-rshared /; mkdir -p /v/1; rbind / /v/1. Here "/" is the tmpfs R at /mnt/r with a
#   submount usr.
# expected (measured before): copies at /mnt/r/v/1 (R's group) and /mnt/r/v/1/usr (usr's
#   group) only; /mnt/r/v/1/v/1 is an empty directory, no recursive replication. 5 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 5 mounts: v/1 shared:1 (R), v/1/usr shared:2; nothing at v/1/v/1.
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/usr
mount -t tmpfs usr /mnt/r/usr
mount --make-rshared /mnt/r
mkdir -p /mnt/r/v/1
mount --rbind /mnt/r /mnt/r/v/1
