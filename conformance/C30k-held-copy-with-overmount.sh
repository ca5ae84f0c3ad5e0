# C30k A held propagated copy whose only child is an overmount makes a plain umount EBUSY.
# source: propagate_mount_busy() (fs/pnode.c; since 6.17 a counterpart whose only child is its
#   overmount is taken, the overmount reparented); docs/semantics.md §2.8.2 and §2.11. Found by
#   `mountcheck conform --live-namespaces` (seed 1312026002), shrunk from 18 to 12 commands.
# /mnt/b is a slave copy of the shared /mnt/a; a self-bind of /mnt/a propagates a copy b@1 onto
#   /mnt/b, which the shell then holds (fd 4) and covers with o2.
# expected: umount /mnt/a (the self-bind) is EBUSY: its counterpart b@1 would go with it (o2
#   would be reparented) but fd 4 holds it; after exec 4<&- it works.
# observed on Linux 6.18.44-fc-v1045: EBUSY: line 21; line 23 works: /mnt/a@1, b@1 and o2 are
#   gone, /mnt/a and /mnt/b (master:1) are left.
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs t0 /mnt
mkdir -p /mnt/a /mnt/b
mount -t tmpfs A /mnt/a
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b
mount --make-slave /mnt/b
mount --bind /mnt/a /mnt/a
exec 4</mnt/b
mount -t tmpfs o2 /mnt/b
umount /mnt/a
exec 4<&-
umount /mnt/a
