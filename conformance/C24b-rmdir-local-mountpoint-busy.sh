# C24b rmdir's checks: a mount point of the caller's namespace is EBUSY, and the other errnos.
# source: do_rmdir() and vfs_rmdir() (fs/namei.c): mnt_want_write() (EROFS) before the name is
#   looked up (ENOENT), may_delete() (ENOTDIR for a file), is_local_mountpoint() (EBUSY: any mount
#   of the caller's namespace on that dentry, whichever mount of the filesystem it is reached
#   through), simple_rmdir() (ENOTEMPTY); rmdir(1) of coreutils goes on after a failed path;
#   docs/semantics.md §2.12.
# expected: EROFS for /mnt/x on the read-only root and for /mnt itself (its parent is /); EBUSY
#   for /mnt/m (tmpfs on it), for /mnt/s/y (a mount on the same dentry through the bind
#   /mnt/bs), and for c1's own copy of /mnt/m, run inside c1; the shell's mount point /mnt/p,
#   removed from c1 (after c1 unmounted its copy), detaches the shell's mount; ENOTEMPTY, ENOENT,
#   ENOTDIR (a file; rmdir goes on to the path through the file); a directory removed through the
#   bind /mnt/bs is gone through every mount of the filesystem (/mnt/s/x: ENOENT, and /mnt/a/b
#   after it is still removed), and made again it is a new, empty directory.
# observed on Linux 6.18.44-fc-v1045: EROFS lines 17, 19; ENOTEMPTY 21; ENOENT 22, 31; ENOTDIR
#   24; EBUSY 26, 29, 38; /mnt/p is gone from the shell's table after line 40.
# recorded on every kernel of the matrix: the host and the guests 5.10, 6.1, 6.12 and 7.2
rmdir /mnt/x
mount -t tmpfs top /mnt
rmdir /mnt
mkdir -p /mnt/a/b /mnt/m /mnt/s/x /mnt/s/y /mnt/bs /mnt/ns /mnt/p
rmdir /mnt/a
rmdir /mnt/nope
touch /mnt/f
rmdir /mnt/f /mnt/f/x
mount -t tmpfs m /mnt/m
rmdir /mnt/m
mount --bind /mnt/s /mnt/bs
mount -t tmpfs y /mnt/bs/y
rmdir /mnt/s/y
rmdir /mnt/bs/x
rmdir /mnt/s/x /mnt/a/b
mkdir -p /mnt/s/x/again /mnt/ns/c1-mp
mount -t tmpfs p /mnt/p
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c1
unshare -m --mount=/mnt/ns/c1 true
nsenter --mount=/mnt/ns/c1 rmdir /mnt/m
nsenter --mount=/mnt/ns/c1 umount /mnt/p
nsenter --mount=/mnt/ns/c1 rmdir /mnt/p
