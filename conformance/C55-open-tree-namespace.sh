# C55 open_tree(2) with OPEN_TREE_NAMESPACE: which kernels know the flag, and its flag and path
#   checks.
# source: vfs_open_tree(), create_new_namespace() (fs/namespace.c, v7.0; the selftest
#   filesystems/open_tree_ns); docs/semantics.md §2.17 and §8.2 (OPEN_TREE_NAMESPACE_FLAG).
# expected: kernels before 7.0 refuse the unknown flag before anything else: EINVAL on every
#   OPEN_TREE_NAMESPACE line (5.10, 6.1, 6.12, 6.18). On 7.2: with OPEN_TREE_CLONE EINVAL
#   (line 12), a missing path ENOENT (13), a file ENOTDIR (14), a name not held EBADF (15).
#   The namespace a successful call makes is not modelled yet, so no line here succeeds.
mount -t tmpfs top /mnt
mkdir -p /mnt/a
touch /mnt/f
mountfd open_tree t /mnt/a OPEN_TREE_CLONE OPEN_TREE_NAMESPACE
mountfd open_tree t /mnt/nope OPEN_TREE_NAMESPACE AT_RECURSIVE
mountfd open_tree t /mnt/f OPEN_TREE_NAMESPACE
mountfd open_tree t nope OPEN_TREE_NAMESPACE
