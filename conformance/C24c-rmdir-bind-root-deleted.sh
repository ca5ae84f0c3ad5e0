# C24c rmdir of a directory that is the root of a bind mount elsewhere.
# source: vfs_rmdir() (fs/namei.c) does not look at mount roots, only at mount points; mountinfo
#   prints the root with dentry_path() (fs/d_path.c), which appends "//deleted" to a removed
#   dentry; may_create() refuses to make anything in a dead directory and do_lock_mount()
#   refuses to mount on it (ENOENT); a bind or move of such a mount is ENOENT too (observed on
#   6.18); __detach_mounts() detaches the mounts on the removed dentry, the overmount of the bind
#   in another namespace included; docs/semantics.md §2.12.
# expected: rmdir /mnt/d works although /mnt/bd shows it; /mnt/bd stays with root /d//deleted;
#   ENOENT for mkdir, touch, mount, bind and move onto it and for bind, rbind and move of it;
#   cd and exec into it work; rmdir of a directory held as the working directory works; an rbind
#   of the parent copies the removed-root mount; c1's overmount of its own /mnt/bd goes, its bd
#   stays (root /d//deleted); mkdir -p /mnt/d makes a new directory that /mnt/bd does not show.
# observed on Linux 6.18.44-fc-v1045: ENOENT lines 33-40; /mnt/bd, /mnt/v/be and the rbind's
#   /mnt/t/be show their roots as /d//deleted and /e//deleted; c1 keeps bd without onbd.
# recorded on every kernel of the matrix: the host and the guests 5.10, 6.1, 6.12 and 7.2
mount -t tmpfs top /mnt
mkdir -p /mnt/ns /mnt/d /mnt/bd /mnt/t /mnt/m /mnt/c /mnt/v
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1
mount --bind /mnt/d /mnt/bd
unshare -m --mount=/mnt/ns/c1 true
nsenter --mount=/mnt/ns/c1 mount -t tmpfs onbd /mnt/bd
mount -t tmpfs m /mnt/m
mount -t tmpfs v /mnt/v
mkdir -p /mnt/v/e /mnt/v/be
mount --bind /mnt/v/e /mnt/v/be
rmdir /mnt/d
cd /mnt/c
rmdir /mnt/c
rmdir /mnt/v/e
mkdir -p /mnt/bd
mkdir -p /mnt/bd/x
touch /mnt/bd/f
mount -t tmpfs z /mnt/bd
mount --bind /mnt/m /mnt/bd
mount --move /mnt/m /mnt/bd
mount --bind /mnt/bd /mnt/t
mount --rbind /mnt/bd /mnt/t
mount --move /mnt/bd /mnt/t
mount --make-shared /mnt/bd
exec 3</mnt/bd
cd /mnt/bd
mount --rbind /mnt/v /mnt/t
mkdir -p /mnt/d/new
mount -t tmpfs newd /mnt/d
cd /
exec 3<&-
