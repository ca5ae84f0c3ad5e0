# C12a Exponential growth of repeated rbinds of a shared tree into itself.
# source: sharedsubtree.rst FAQ 3 (§7, "unclonable mounts"); docs/semantics.md §6 C12;
#   docs/measurements.md §6.
# The doc's root tree is the tmpfs R at /mnt/r with directories tmp and usr; /tmp/mN is
#   /mnt/r/tmp/mN. Four rbinds.
# expected: the doc says 2, 6, then 24 vfsmounts (V[i] = i*V[i-1]). Measured before: 2, 6, 42,
#   1806 mounts of R (V[i] = V[i-1]*(V[i-1]+1): every mount is a peer of R and receives a
#   V[i-1]-mount copy), so the doc's "24" is wrong. With /mnt: 1807 mounts, all shared:1.
# observed on Linux 6.18.44-fc-v657: as measured before: 1807 mounts (1806 of R, all shared:1, plus /mnt). No failed
#   line. A fifth rbind fails with ENOSPC: see C14b-enospc-rbind.sh.
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/tmp /mnt/r/usr
mount --make-shared /mnt/r
mkdir -p /mnt/r/tmp/m1
mount --rbind /mnt/r /mnt/r/tmp/m1
mkdir -p /mnt/r/tmp/m2
mount --rbind /mnt/r /mnt/r/tmp/m2
mkdir -p /mnt/r/tmp/m3
mount --rbind /mnt/r /mnt/r/tmp/m3
mkdir -p /mnt/r/tmp/m4
mount --rbind /mnt/r /mnt/r/tmp/m4
