# sharedsubtree.rst §5c: rbind leaves out unbindable mounts and everything below them.
#
# The doc's tree: A has children B and C; B has D and E; C has F and G; only C is unbindable.
# `mount --rbind A Z` copies A, B, D and E; C, F and G are pruned. (A namespace copy, by
# contrast, copies unbindable mounts too.)
#
# Result on Linux 6.18.44-fc-v657 (12 mounts): the 8 originals plus Z, Z/b, Z/b/d, Z/b/e.
mount -t tmpfs root /mnt
mkdir -p /mnt/A /mnt/Z
mount -t tmpfs A /mnt/A
mkdir -p /mnt/A/b /mnt/A/c
mount -t tmpfs B /mnt/A/b
mount -t tmpfs C /mnt/A/c
mkdir -p /mnt/A/b/d /mnt/A/b/e /mnt/A/c/f /mnt/A/c/g
mount -t tmpfs D /mnt/A/b/d
mount -t tmpfs E /mnt/A/b/e
mount -t tmpfs F /mnt/A/c/f
mount -t tmpfs G /mnt/A/c/g
mount --make-unbindable /mnt/A/c
mount --rbind /mnt/A /mnt/Z
