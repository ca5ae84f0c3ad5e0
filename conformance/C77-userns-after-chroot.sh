# C77 mountfd userns after a chroot: a chrooted caller makes no user namespace, and /proc is gone.
# source: create_user_ns() (kernel/user_namespace.c: a caller for which current_chrooted() holds
#   is EPERM, since 3.9); current_chrooted() (fs/namespace.c); docs/semantics.md §2.17, §2.18;
#   found by ./mountcheck conform --seed 20261205 on the host.
# expected: on every kernel: line 13 EPERM (the child's unshare(CLONE_NEWUSER) is refused, the
#   caller's root being a tmpfs rather than the top of its namespace's root), line 14 ENOENT (the
#   line opens /proc/self/ns/user, and no /proc lies under the new root); the jail's own mount is
#   still listed as the root.
mount -t tmpfs top /mnt
mkdir -p /mnt/jail/mnt
mount -t tmpfs jail /mnt/jail
chroot /mnt/jail
mountfd userns n
mountfd userns m self
