# C76 pivot_root with the starting root's own mount as the new root: MNT_LOCKED comes first.
# source: pivot_root(2) (fs/namespace.c: SYSCALL pivot_root up to 6.18, path_pivot_root() in 7.2:
#   a locked new root is EINVAL before the EBUSY of a new root on the root's mount);
#   lock_mnt_tree(); docs/semantics.md §2.18; found by ./mountcheck conform --seed 20261205.
# expected: /mnt is a directory of the starting root's mount, so NEW is that mount. It is locked
#   everywhere, so the answer is EINVAL on every kernel, for two reasons: on the host (and on
#   7.2, whose rootfs hangs on nullfs) the copy of / is a locked child of the copy's root; on the
#   5.10, 6.1 and 6.12 guests the root is the rootfs itself, the copy's root, which their
#   lock_mnt_tree() locks too (KernelRule.COPY_ROOT_LOCKED). Without the lock the answer would be
#   EBUSY.
pivot_root /mnt /mnt
