# C58 pivot_root into a bind of the container's rootfs, as OCI runtimes do (crun, runc), then the
#   old root is detached lazily.
# source: pivot_root(2) (fs/namespace.c: SYSCALL pivot_root up to 6.18, path_pivot_root() in 7.2);
#   docs/semantics.md §2.18; docs/runtime-example.md.
# expected: on the host the root (the copy of the host's /) hangs on the initramfs rootfs, so the
#   pivot works: the bind becomes /, the old root goes to /mnt/old with the scenario's /mnt below
#   it (/mnt/old/mnt), and the old root loses its lock to the new one, so its plain umount is
#   EBUSY (children), not EINVAL, and its lazy umount works. A guest's root is the rootfs itself:
#   pivot_root is EINVAL (not attached) and every later line acts on the old root.
mount -t tmpfs top /mnt
mkdir -p /mnt/rootfs/mnt/old /mnt/rootfs/mnt/vol
mount --bind /mnt/rootfs /mnt/rootfs
mount -t tmpfs vol /mnt/rootfs/mnt/vol
pivot_root /mnt/rootfs /mnt/rootfs/mnt/old
mkdir -p /mnt/vol/d
mount -t tmpfs inner /mnt/vol/d
umount /mnt/old
umount -l /mnt/old
