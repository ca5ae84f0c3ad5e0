# C35e Whose privilege counts: after nsenter, the entered namespace's owner decides on locks,
#   not the shell's user namespace.
# source: fs/namespace.c attach_recursive_mnt() (current->nsproxy->mnt_ns->user_ns),
#   mntns_install(); docs/semantics.md §2.14.
# other is persisted by unshare -Urm (owned by a newer user namespace than the shell's); in it
#   s is made shared and bound on t (peers in other only); a tmpfs y (nosuid,ro) is mounted on
#   t/y and propagates to s/y, all from nsenter.
# expected: the copy on s/y is not locked (the acting namespace and the receiver have one
#   owner, though the shell's user namespace is another): its nosuid, ro and atime mode can be
#   changed and it can be unmounted; its superblock belongs to the shell's user namespace (the
#   caller's credentials), so remounting it works, and so does s's (the same owner).
# observed on Linux 6.18.44-fc-v1272: no failing line; y gone from other, s ro in other
mount -t tmpfs root /mnt
mkdir -p /mnt/ns /mnt/s /mnt/t
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/other
mount -t tmpfs s /mnt/s
mkdir -p /mnt/s/y
mount --make-shared /mnt/s
unshare -Urm --propagation unchanged --mount=/mnt/ns/other true
nsenter --mount=/mnt/ns/other mount --make-shared /mnt/s
nsenter --mount=/mnt/ns/other mount --bind /mnt/s /mnt/t
nsenter --mount=/mnt/ns/other mount -t tmpfs -o nosuid,ro y /mnt/t/y
nsenter --mount=/mnt/ns/other mount -o remount,bind,suid,rw /mnt/s/y
nsenter --mount=/mnt/ns/other mount -o remount,bind,strictatime /mnt/s/y
nsenter --mount=/mnt/ns/other mount -o remount,ro /mnt/s/y
nsenter --mount=/mnt/ns/other mount -o remount,rw /mnt/s/y
nsenter --mount=/mnt/ns/other umount /mnt/s/y
nsenter --mount=/mnt/ns/other mount -o remount,ro /mnt/s
