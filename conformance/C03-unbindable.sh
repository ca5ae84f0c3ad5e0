# C03 Unbindable mounts cannot be bound.
# source: sharedsubtree.rst §2d; docs/semantics.md §6 C3.
# expected: `mount --bind /mnt/mnt /mnt/tmp` fails with EINVAL; /mnt/mnt shows `unbindable`;
#   `--rbind` of it fails the same way. 2 mounts.
# observed on Linux 6.18.44-fc-v657: as expected. 2 mounts (mnt shows unbindable). Lines 10 (bind) and 11 (rbind): EINVAL.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt /mnt/tmp
mount -t tmpfs mnt /mnt/mnt
mount --make-unbindable /mnt/mnt
mount --bind /mnt/mnt /mnt/tmp
mount --rbind /mnt/mnt /mnt/tmp
