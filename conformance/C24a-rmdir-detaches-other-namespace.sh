# C24a rmdir in one namespace of a directory that is a mount point only in another namespace.
# source: vfs_rmdir() (fs/namei.c) refuses only a mount point of the caller's namespace
#   (is_local_mountpoint()); after the directory is gone, __detach_mounts() (fs/namespace.c)
#   detaches every mount on that dentry, in any namespace, with umount_tree(m, UMOUNT_CONNECTED):
#   the subtree goes too, without umount propagation (8ed936b5671b "vfs: Lazily remove mounts on
#   unlinked files and directories", 2015); docs/semantics.md §2.12.
# Namespace c1 mounts x on /mnt/v/a (a directory of the shell's tmpfs v), makes it shared, binds
#   it to /mnt/w (a peer elsewhere), mounts xsub on /mnt/v/a/sub (propagated to /mnt/w/sub), and
#   has /mnt/k, a slave of x's group. The shell, where /mnt/v/a is no mount point, removes it.
# expected: rmdir works; c1 loses /mnt/v/a and /mnt/v/a/sub and keeps /mnt/w, /mnt/w/sub (no
#   umount propagation to the peer's copy) and /mnt/k, still a slave of the group (now /mnt/w
#   alone), so a mount on /mnt/w/after reaches /mnt/k/after; the shell's table is unchanged.
# observed on Linux 6.18.44-fc-v1045: no failed line; c1 keeps w, w/sub, k (master of w's group),
#   w/after and k/after; a and a/sub are gone from c1.
# recorded on every kernel of the matrix: the host and the guests 5.10, 6.1, 6.12 and 7.2
mount -t tmpfs top /mnt
mkdir -p /mnt/ns /mnt/v /mnt/w /mnt/k
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1
mount -t tmpfs v /mnt/v
mkdir -p /mnt/v/a
unshare -m --mount=/mnt/ns/c1 true
nsenter --mount=/mnt/ns/c1 mount -t tmpfs x /mnt/v/a
nsenter --mount=/mnt/ns/c1 mount --make-shared /mnt/v/a
nsenter --mount=/mnt/ns/c1 mount --bind /mnt/v/a /mnt/w
nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/v/a/sub
nsenter --mount=/mnt/ns/c1 mount -t tmpfs xsub /mnt/v/a/sub
nsenter --mount=/mnt/ns/c1 mount --bind /mnt/w /mnt/k
nsenter --mount=/mnt/ns/c1 mount --make-slave /mnt/k
rmdir /mnt/v/a
nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/w/after
nsenter --mount=/mnt/ns/c1 mount -t tmpfs after /mnt/w/after
