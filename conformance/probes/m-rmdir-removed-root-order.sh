# Probe m: in which order bind and move check a mount whose root directory was removed.
# source: do_loopback(), do_move_mount() (fs/namespace.c, 6.18); docs/semantics.md §2.12.
# recorded on the host and on every guest kernel of the matrix (conformance/kernels/)
# A removed root is ENOENT for bind, rbind and move of the mount, but only after the other checks:
#   unbindable (EINVAL), locked (EINVAL, a copy in c, made by unshare -Urm), moving from under a
#   shared parent (EINVAL). umount of the locked copy is EINVAL, and plain umount works.
# observed on Linux 6.18.44-fc-v1045: EINVAL lines 21, 23, 24, 25; ENOENT lines 22, 26, 28.
mount -t tmpfs top /mnt
mkdir -p /mnt/v /mnt/t /mnt/d /mnt/d2 /mnt/ns
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c
mount -t tmpfs v /mnt/v
mkdir -p /mnt/v/bd /mnt/v/bd2
mount --bind /mnt/d /mnt/v/bd
mount --bind /mnt/d2 /mnt/v/bd2
mount --make-unbindable /mnt/v/bd2
unshare -Urm --mount=/mnt/ns/c true
mount --make-shared /mnt/v
rmdir /mnt/d /mnt/d2
mount --bind /mnt/v/bd2 /mnt/t
mount --bind /mnt/v/bd /mnt/t
mount --move /mnt/v/bd /mnt/t
nsenter --mount=/mnt/ns/c mount --move /mnt/v/bd /mnt/t
nsenter --mount=/mnt/ns/c umount /mnt/v/bd
nsenter --mount=/mnt/ns/c mount --bind /mnt/v/bd /mnt/t
mount --make-private /mnt/v
mount --move /mnt/v/bd /mnt/t
umount /mnt/v/bd
