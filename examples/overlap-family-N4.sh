# The overlapping-propagation-trees family, N = 4.
#
# From Eric Biederman's 2017 commit "mnt: Make propagate_umount less slow for overlapping
# mount propagation trees" (docs/semantics.md §3.4, docs/measurements.md §1). The family
# is parameterised by N, the number of self-binds; mount counts grow as 2^N, which makes it
# the standard stress test for propagate_umount().
#
# Why it grows: /mnt/1 is shared, so each `mount --bind /mnt/1/1 /mnt/1/1` lands on top of the
# stack at /mnt/1/1 and is propagated to every peer already stacked there (all of them are in
# /mnt/1's peer group). The stack doubles with each bind: after N binds there are 2^N - 1
# mounts at /mnt/1/1. The rbind copies /mnt/1 with its whole stack to /mnt/2 and, because /mnt/1
# is shared, the copy joins its peer group.
#
# Counts of tmpfs "zdtm" mounts (including /mnt itself), as in the commit and as observed on
# Linux 6.18.44-fc-v657 on truncated copies of this file (./mountcheck kernel):
#   after the 4 self-binds: 17 = 2^4 + 1
#   after the rbind:        33 = 2^(4+1) + 1
#   after umount -l /mnt/1: 2 (/mnt and /mnt/2: the umount propagates to /mnt/2's stack,
#                             which is a peer, but not to /mnt/2 itself, whose parent /mnt
#                             is private)
#   after umount -l /mnt/2: 1 (/mnt)
mount -t tmpfs zdtm /mnt
mkdir -p /mnt/1 /mnt/2
mount -t tmpfs zdtm /mnt/1
mount --make-shared /mnt/1
mkdir -p /mnt/1/1
mount --bind /mnt/1/1 /mnt/1/1
mount --bind /mnt/1/1 /mnt/1/1
mount --bind /mnt/1/1 /mnt/1/1
mount --bind /mnt/1/1 /mnt/1/1
mount --rbind /mnt/1 /mnt/2
umount -l /mnt/1
umount -l /mnt/2
