# Al Viro's 2025 reproducer for the propagate_umount() breakage.
#
# From "[BUG] propagate_umount() breakage" (Msg-ID 20250511232732.GC2023217@ZenIV); fixed by
# the rewrite of propagate_umount() in 6.17 (f0d0ba19985d). His /tmp/foo is /mnt here.
# docs/semantics.md §3.5 and §6 C16.
#
# 1. a is shared; b is a bind of a made a slave, so mounts under a show up under b, not back.
# 2. tmpfs at a/1 and a/1/2: they propagate to b/1 and b/1/2 (slave copies).
# 3. tmpfs "upper" on b/1/2 covers the copy there, and upper gets a child at b/1/2/x.
#    At this point b/1/x is just a directory of the b/1 copy - not a mount point.
# 4. `umount -l /mnt/a/1` removes a/1 and a/1/2, and propagation considers their copies b/1
#    and b/1/2. The lower b/1/2 copy may go: upper, which sat on its root, is reparented to
#    where it was attached (b/1 at "2"). But b/1 must stay: taking it away would shift
#    upper to b at "1", and then upper's child x would suddenly appear at b/1/x.
#
# Expected (the fixed algorithm; observed on Linux 6.18.44-fc-v657), 6 mounts: /mnt, a, b, b/1 (now
# private, its master group is gone), upper (parent b/1, mount point /mnt/b/1/2) and x. The
# 2017-era algorithm removed b/1 too and moved upper onto b at /mnt/b/1, so `stat
# /mnt/b/1/x` succeeded.
mount -t tmpfs foo /mnt
mount --make-private /mnt
mkdir -p /mnt/a /mnt/b
mount -t tmpfs A /mnt/a
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b
mount --make-slave /mnt/b
mkdir -p /mnt/a/1
mount -t tmpfs a1 /mnt/a/1
mkdir -p /mnt/a/1/2
mount -t tmpfs a12 /mnt/a/1/2
mount -t tmpfs upper /mnt/b/1/2
mkdir -p /mnt/b/1/2/x
mount -t tmpfs x /mnt/b/1/2/x
umount -l /mnt/a/1
