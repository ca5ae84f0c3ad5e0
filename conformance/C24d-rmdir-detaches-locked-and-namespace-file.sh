# C24d rmdir detaches locked mounts of a less privileged namespace, and a namespace file with them.
# source: __detach_mounts() (fs/namespace.c) runs umount_tree(m, UMOUNT_CONNECTED) on every mount
#   of the removed dentry whatever its MNT_LOCKED (the directory is gone, nothing is revealed;
#   ce07d891a089 "mnt: Honor MNT_LOCKED when detaching mounts" only keeps locked children attached
#   to their detached parent); a namespace whose last namespace file goes with the detached tree
#   is torn down (put_mnt_ns()); docs/semantics.md §2.11, §2.12.
# c3 (unshare -Urm) holds locked copies of the shell's lk on /mnt/v/l and lkin on /mnt/v/l/in; the
#   shell then unmounts its own. c1 binds c2's namespace file into its own mount on /mnt/v/a;
#   the shell drops its own file of c2, so only c1's bind keeps c2 alive.
# expected: rmdir /mnt/v/l and /mnt/v/a work; c3 loses both locked mounts; c1 loses x with the
#   namespace file of c2, so c2 is torn down (no section for /mnt/ns/c2 at the end).
# observed on Linux 6.18.44-fc-v1045: no failed line; c3 ends with /mnt, /mnt/ns, /mnt/v; c1
#   without /mnt/v/a; /mnt/ns/c2 holds no namespace.
# recorded on every kernel of the matrix: the host and the guests 5.10, 6.1, 6.12 and 7.2
mount -t tmpfs top /mnt
mkdir -p /mnt/ns /mnt/v
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1 /mnt/ns/c2 /mnt/ns/c3
mount -t tmpfs v /mnt/v
mkdir -p /mnt/v/l /mnt/v/a
mount -t tmpfs lk /mnt/v/l
mkdir -p /mnt/v/l/in
mount -t tmpfs lkin /mnt/v/l/in
unshare -Urm --mount=/mnt/ns/c3 true
umount /mnt/v/l/in
umount /mnt/v/l
unshare -m --mount=/mnt/ns/c1 true
unshare -m --mount=/mnt/ns/c2 true
nsenter --mount=/mnt/ns/c1 mount -t tmpfs x /mnt/v/a
nsenter --mount=/mnt/ns/c1 touch /mnt/v/a/c2
nsenter --mount=/mnt/ns/c1 mount --bind /mnt/ns/c2 /mnt/v/a/c2
umount /mnt/ns/c2
rmdir /mnt/v/l /mnt/v/a
