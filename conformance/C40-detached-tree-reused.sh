# C40 A detached tree used before it is attached: copied again, mounted on, dissolved while another
#   descriptor still holds it.
# source: open_tree() and __do_loopback() (may_copy_tree()), do_move_mount() (may_use_mount(),
#   check_anonymous_mnt()), dissolve_on_fput() (fs/namespace.c); docs/semantics.md §2.15 and §8.2
#   (NO_COPY_OF_DETACHED_TREE, NO_MOUNT_ON_DETACHED_TREE).
# t is a detached copy of the tmpfs on /mnt/a, u a copy of the tmpfs on /mnt/c.
# expected: 6.15 and later (6.18, 7.2) copy t again (line 20, v, attached at /mnt/d on line 23) and
#   mount u on t (line 21); 5.10, 6.1 and 6.12 answer EINVAL to both (and EBADF to line 23). Moving
#   the attached /mnt/c onto t is EINVAL everywhere (line 22). p is an O_PATH descriptor on t's
#   root: closing t dissolves the tree (line 24), so p holds a mount that is not mounted any more
#   and moving it is EINVAL (line 25); u, mounted on t, went with it on 6.18 and 7.2 (line 26
#   EINVAL) and is still a detached tree's root on the older kernels (line 26 works).
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/d /mnt/e
mount -t tmpfs x /mnt/a
mount -t tmpfs z /mnt/c
mountfd open_tree t /mnt/a OPEN_TREE_CLONE
mountfd open_tree u /mnt/c OPEN_TREE_CLONE
mountfd open_tree p t
mountfd open_tree v t OPEN_TREE_CLONE
mountfd move_mount u t
mountfd move_mount /mnt/c t
mountfd move_mount v /mnt/d
mountfd close t
mountfd move_mount p /mnt/b
mountfd move_mount u /mnt/e
