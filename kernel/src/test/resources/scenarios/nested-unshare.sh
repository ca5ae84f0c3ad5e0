# Earlier namespaces stay alive: the second namespace's /mnt stays a slave of a peer group whose
# other member lives in the first namespace, and the third (new user namespace) copies it as such.
mount -t tmpfs a /mnt
mkdir -p /mnt/x /mnt/y /mnt/z
mount --make-shared /mnt
unshare -m --propagation unchanged
mount -t tmpfs z /mnt/y
mount --make-slave /mnt
unshare -Urm --propagation unchanged
mount -t tmpfs w /mnt/z
umount /mnt/y
