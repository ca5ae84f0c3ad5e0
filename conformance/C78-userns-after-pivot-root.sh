# C78 mountfd userns after a pivot_root: not chrooted, but /proc is gone.
# source: current_chrooted() (fs/namespace.c: the root is the top of the mounts on the namespace's
#   root, which pivot_root keeps); docs/semantics.md §2.17, §2.18.
# expected: on the host and 7.2 the pivot works and the new root takes the old one's place, so the
#   caller is not chrooted: line 13 is ENOENT (the new namespace's maps are written under /proc/PID,
#   which is not under the new root), not EPERM. On the 5.10, 6.1 and 6.12 guests the root is the
#   rootfs itself: the pivot is EINVAL and line 13 makes its user namespace.
mount -t tmpfs top /mnt
mkdir -p /mnt/r
mount -t tmpfs r /mnt/r
mkdir -p /mnt/r/mnt/old
pivot_root /mnt/r /mnt/r/mnt/old
mountfd userns n
