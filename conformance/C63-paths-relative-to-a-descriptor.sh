# C63 paths relative to a descriptor: mountfd's NAME/REL passes the named descriptor as the call's
#   dirfd and REL as its path (open_tree, move_mount, mount_setattr).
# source: path_init() with a dirfd, open_tree(), do_move_mount(), do_mount_setattr() (fs/namei.c,
#   fs/namespace.c); the selftests mount_setattr_test.c open_tree_detached and
#   two_detached_subtrees_of_same_anonymous_mount_namespace; docs/semantics.md section 2.15 and
#   section 8.2 (NO_COPY_OF_DETACHED_TREE).
# expected: t holds a recursive clone of /mnt/a with the tmpfs "sub" on x. An O_PATH descriptor of
#   t/x (the walk crosses into the clone's submount) cannot be attached: it is not the root of its
#   detached tree (line 25, EINVAL), and mount_setattr on it is EINVAL too (26: a mount with a
#   parent, outside the caller's namespace). A recursive clone of t/x (27) is 6.15's: it attaches
#   at /mnt/b (28); 5.10, 6.1 and 6.12 refuse to copy from a detached tree (EINVAL, then EBADF for
#   the name not held). A missing component is ENOENT (29), a walk through a file ENOTDIR (30), a
#   name not held EBADF (31), a descriptor that is no directory (a user namespace's) ENOTDIR (33).
#   Once t is attached at /mnt/c (34), the O_PATH descriptor o of /mnt/c reaches its submount:
#   mount_setattr o/x sets nosuid (36), move_mount o/x moves it to /mnt/d (37), a missing relative
#   target is ENOENT (38), and the directory o/x left behind (39) takes the mount back as a target
#   (40). 5.10 has no mount_setattr (ENOSYS on 26 and 36).
mount -t tmpfs top /mnt
mkdir -p /mnt/a/x /mnt/b /mnt/c /mnt/d
mount -t tmpfs sub /mnt/a/x
mkdir -p /mnt/a/x/y
touch /mnt/a/f
mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE
mountfd open_tree p t/x
mountfd move_mount p /mnt/b
mountfd mount_setattr t/x attr_set=ro
mountfd open_tree s t/x OPEN_TREE_CLONE AT_RECURSIVE
mountfd move_mount s /mnt/b
mountfd open_tree q t/missing
mountfd open_tree q t/f/g
mountfd open_tree q nope/x
mountfd userns u
mountfd open_tree q u/x
mountfd move_mount t /mnt/c
mountfd open_tree o /mnt/c
mountfd mount_setattr o/x attr_set=nosuid
mountfd move_mount o/x /mnt/d
mountfd move_mount /mnt/d o/missing
mountfd open_tree r o/x
mountfd move_mount /mnt/d r
