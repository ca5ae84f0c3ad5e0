# C06 rbind prunes unbindable mounts together with their subtrees.
# source: sharedsubtree.rst §5c; docs/semantics.md §2.4, §2.5 and §6 C6.
# Tree A{B{D,E},C{F,G}} with only C unbindable; `mount --rbind A Z`.
# expected: Z holds copies A', B', D', E' (at Z, Z/b, Z/b/d, Z/b/e); C, F, G are not copied.
#   The copies are private (the source tree is private). An rbind whose root is unbindable
#   (the last line, rbind of C) fails with EINVAL. 8 + 4 = 12 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 12 mounts: Z, Z/b, Z/b/d, Z/b/e copied (private), C/F/G absent.
#   Line 21 (rbind of the unbindable C): EINVAL.
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
mount --rbind /mnt/A/c /mnt/Z/c
