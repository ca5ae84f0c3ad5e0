# C13 Versioned views: several rbinds of a shared tree see later mounts on it.
# source: sharedsubtree.rst §4D; docs/semantics.md §6 C13.
# "/" is the tmpfs R at /mnt/r (directory usr); the views are /mnt/view/v1..v4, outside R
#   (the doc puts /view inside /; C12a shows what that costs).
# expected: each view is a peer of R (shared:1); a tmpfs later mounted at /mnt/r/usr appears at
#   /mnt/view/vN/usr for every N, all in one new group. 1 + 5 + 5 = 11 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 11 mounts: R and v1..v4 shared:1; usr at r/usr and every
#   view's usr, shared:2. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/r /mnt/view/v1 /mnt/view/v2 /mnt/view/v3 /mnt/view/v4
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/usr
mount --make-shared /mnt/r
mount --rbind /mnt/r /mnt/view/v1
mount --rbind /mnt/r /mnt/view/v2
mount --rbind /mnt/r /mnt/view/v3
mount --rbind /mnt/r /mnt/view/v4
mount -t tmpfs usr /mnt/r/usr
