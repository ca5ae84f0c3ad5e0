# property: variant-umount-2017
# algorithm: Biederman2017 (4.13-6.16) against Viro2025 (6.17+)
# variant: umount-2017
# message: found by Alloy (alloy/subtrees.als, run Shift2017 at scope 7) and translated into a scenario by mountcheck alloy: the 2017 rule takes a candidate whose overmount chain ends strictly inside it, and moves a surviving mount visibly; Linux 6.18 agrees with the 2025 rule (mountcheck diff)
# actual: line 38 (umount -l /mnt/top/m3/d2/d0/d3/d1): umount-2017 takes {/mnt/top/m3/d2/d0/d3/d1(f0)#5, /mnt/top/m0/d3/d1(f0)#7, /mnt/top/m0/d3/d1/d3/d1(f0)#8} and reparents {/mnt/top/m0/d3/d1/d3/d1(f0)#9->/mnt/top/m0(f0)#6}; 2025 takes {/mnt/top/m3/d2/d0/d3/d1(f0)#5, /mnt/top/m0/d3/d1/d3/d1(f0)#8} and reparents {/mnt/top/m0/d3/d1/d3/d1(f0)#9->/mnt/top/m0/d3/d1(f0)#7}
# status: witness
# run: unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile' < counterexamples/variant-umount-2017-4f66e5e1.sh

mount -t tmpfs scaffold /mnt
mkdir -p /mnt/fs/f0 /mnt/top/m0 /mnt/top/m3
mount -t tmpfs f0 /mnt/fs/f0
mkdir -p /mnt/fs/f0/d2 /mnt/fs/f0/d2/d0 /mnt/fs/f0/d2/d0/d3 /mnt/fs/f0/d2/d0/d3/d1
mount --bind /mnt/fs/f0 /mnt/top/m3
mount --make-shared /mnt/top/m3
mount --bind /mnt/fs/f0/d2 /mnt/top/m3/d2/d0/d3/d1
mount --make-shared /mnt/top/m3/d2/d0/d3/d1
mount --bind /mnt/top/m3/d2/d0 /mnt/top/m0
mount --make-slave /mnt/top/m0
mount --bind /mnt/top/m3/d2/d0 /mnt/top/m0/d3/d1
mount --make-slave /mnt/top/m0/d3/d1
mount --bind /mnt/fs/f0/d2/d0/d3 /mnt/top/m0/d3/d1/d3/d1
mount --make-private /mnt/top/m0/d3/d1/d3/d1
mount --bind /mnt/top/m3/d2/d0/d3/d1/d0/d3 /mnt/top/m0/d3/d1/d3/d1
mount --make-slave /mnt/top/m0/d3/d1/d3/d1
umount /mnt/fs/f0
umount -l /mnt/top/m3/d2/d0/d3/d1
