# C35d Propagated copies take the source's attributes; those propagated into a namespace of
#   another owner get them locked.
# source: fs/namespace.c attach_recursive_mnt() (lock_mnt_tree() when the receiving namespace's
#   owner is not the acting namespace's), clone_mnt() (copies mnt_flags); docs/semantics.md §2.14.
# /mnt/s is shared; same (unshare -m, the shell's user namespace: peers) and other (unshare
#   -Urm: slaves) are persisted. The shell mounts x (ro,nosuid) on s; nsenter into same mounts
#   z (noexec) on s.
# expected: x and z appear in the three namespaces with their attributes; in same (and, for
#   z, in the shell's namespace) they can be made rw or exec, in other they are locked: EPERM,
#   while adding nodev works and an atime change is EPERM.
# observed on Linux 6.18.44-fc-v1272: lines 24, 26 and 29 EPERM; x, z in all three namespaces
mount -t tmpfs root /mnt
mkdir -p /mnt/ns /mnt/s
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/same /mnt/ns/other
mount -t tmpfs s /mnt/s
mkdir -p /mnt/s/x /mnt/s/z
mount --make-shared /mnt/s
unshare -m --propagation unchanged --mount=/mnt/ns/same true
unshare -Urm --propagation unchanged --mount=/mnt/ns/other true
mount -t tmpfs -o ro,nosuid x /mnt/s/x
nsenter --mount=/mnt/ns/same mount -o remount,bind,rw /mnt/s/x
nsenter --mount=/mnt/ns/other mount -o remount,bind,rw /mnt/s/x
nsenter --mount=/mnt/ns/other mount -o remount,bind,ro,nosuid,nodev /mnt/s/x
nsenter --mount=/mnt/ns/other mount -o remount,bind,ro,nosuid,nodev,noatime /mnt/s/x
nsenter --mount=/mnt/ns/same mount -t tmpfs -o noexec z /mnt/s/z
mount -o remount,bind,exec /mnt/s/z
nsenter --mount=/mnt/ns/other mount -o remount,bind,exec /mnt/s/z
mount -o remount,bind,ro /mnt/s/x
