# C106 mkdirat through a descriptor: "mountfd mkdirat NAME/REL" makes one directory with the named
#   descriptor as mkdirat(2)'s dirfd (an absolute path starts from AT_FDCWD), the way the selftests
#   make a directory inside a detached tree, which no absolute path reaches.
# source: do_mkdirat(), filename_create(), vfs_mkdir() (fs/namei.c); path_init() with a dirfd;
#   tools/testing/selftests/mount_setattr/mount_setattr_test.c, TEST_F(mount_setattr,
#   open_tree_subfolder); docs/semantics.md section 2.20.
# expected: "sub" is made in the detached tmpfs that fsmount returned; made again, EEXIST; a
#   missing parent (t/no/x) is ENOENT; a walk through the file /mnt/a/f is ENOTDIR and the file
#   itself EEXIST; a name not held is EBADF, a filesystem context (no directory) ENOTDIR. On a
#   read-only fsmount (attr=ro), a read-only bind and a read-only superblock the call is EROFS, but
#   EEXIST for a name already there (filename_create() looks the name up before it reports EROFS).
#   Below a mount whose root directory was removed it is ENOENT. From a plain open_tree
#   descriptor of /mnt/a taken before a tmpfs covered /mnt/a the walk starts below the cover, so
#   "under" is made in the covered directory: after the umount a tmpfs mounts on /mnt/a/under.
#   Once t is attached at /mnt/b, a tmpfs mounts on /mnt/b/sub, the directory made through t,
#   and "mkdirat /mnt/b/sub/deep" (an absolute path) makes a directory inside that tmpfs, which
#   the tmpfs on it shows. No mkdirat line changes a mount.
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as expected,
#   the same errnos on all five.
mount -t tmpfs top /mnt
mkdir -p /mnt/a/d /mnt/a/gone /mnt/b /mnt/ro /mnt/g /mnt/rosb
touch /mnt/a/f
mountfd fsopen fs tmpfs
mountfd fsconfig fs create
mountfd fsmount t fs
mountfd mkdirat t/sub
mountfd mkdirat t/sub
mountfd mkdirat t/no/x
mountfd mkdirat /mnt/a/f/x
mountfd mkdirat /mnt/a/f
mountfd mkdirat nope/x
mountfd mkdirat fs/x
mountfd fsopen fs2 tmpfs
mountfd fsconfig fs2 create
mountfd fsmount r fs2 attr=ro
mountfd mkdirat r/x
mount --bind -o ro /mnt/a /mnt/ro
mountfd mkdirat /mnt/ro/x
mountfd mkdirat /mnt/ro/d
mount -t tmpfs -o ro rosb /mnt/rosb
mountfd mkdirat /mnt/rosb/x
mount --bind /mnt/a/gone /mnt/g
rmdir /mnt/a/gone
mountfd mkdirat /mnt/g/x
mountfd open_tree o /mnt/a
mount -t tmpfs cover /mnt/a
mountfd mkdirat o/under
umount /mnt/a
mount -t tmpfs under /mnt/a/under
mountfd move_mount t /mnt/b
mount -t tmpfs s /mnt/b/sub
mountfd mkdirat /mnt/b/sub/deep
mount -t tmpfs deep /mnt/b/sub/deep
mountfd close r
mountfd close o
