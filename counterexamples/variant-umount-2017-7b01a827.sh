# property: variant-umount-2017
# algorithm: Biederman2017 (4.13-6.16) against Viro2025 (6.17+)
# variant: umount-2017
# message: Al Viro's 2025 reproducer (conformance/C16): the 2017 propagate_umount takes the slave copy /mnt/b/1 and the lower /mnt/b/1/2 and reparents the upper /mnt/b/1/2 up to /mnt/b at 1, so /mnt/b/1/x shows; Linux 6.18 keeps /mnt/b/1 and reparents the upper mount onto it at 2 (conformance/C16)
# actual: line 14 (umount -l /mnt/a/1): umount-2017 takes {/mnt/a/1(one)#5, /mnt/b/1(one)#6, /mnt/a/1/2(two)#7, /mnt/b/1/2(two)#8} and reparents {/mnt/b/1/2(upper)#9->/mnt/b(A)#4}; 2025 takes {/mnt/a/1(one)#5, /mnt/a/1/2(two)#7, /mnt/b/1/2(two)#8} and reparents {/mnt/b/1/2(upper)#9->/mnt/b/1(one)#6}
# status: witness
# run: unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile' < counterexamples/variant-umount-2017-7b01a827.sh

mount -t tmpfs foo /mnt
mkdir -p /mnt/a /mnt/b
mount -t tmpfs A /mnt/a
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b
mount --make-slave /mnt/b
mkdir -p /mnt/a/1
mount -t tmpfs one /mnt/a/1
mkdir -p /mnt/a/1/2
mount -t tmpfs two /mnt/a/1/2
mount -t tmpfs upper /mnt/b/1/2
mkdir -p /mnt/b/1/2/x
mount -t tmpfs x /mnt/b/1/2/x
umount -l /mnt/a/1
