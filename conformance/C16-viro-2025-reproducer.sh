# C16 Al Viro's 2025 propagate_umount() reproducer.
# source: Al Viro, "[BUG] propagate_umount() breakage", linux-fsdevel, 2025-05-11, Message-ID
#   20250511232732.GC2023217@ZenIV; fixed by the rewrite, commit f0d0ba19985d (6.17);
#   docs/semantics.md §3.5 and §6 C16. /tmp/foo of the original is /mnt.
# expected: `umount -l /mnt/a/1` removes a/1 and a/1/2; on the slave side the lower b/1/2 (the
#   propagated copy) goes, b/1 stays, and the upper tmpfs "upper" that overmounted b/1/2 is
#   reparented onto b/1 at "2" (parent = b/1's id, mount point still /mnt/b/1/2), so b/1/x is
#   still not a mount point (`stat b/1/x` fails). The 2017 algorithm removed b/1 too and moved
#   "upper" to b at "1" (mount point /mnt/b/1), which revealed b/1/x.
#   After: /mnt, a, b, b/1, upper, upper's child x = 6 mounts.
# observed on Linux 6.18.44-fc-v657: fixed behaviour: 6 mounts remain: /mnt, a, b, b/1 (now private: its master
#   group is gone), upper (parent = b/1's id 67, mount point /mnt/b/1/2) and x. No failed line.
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
