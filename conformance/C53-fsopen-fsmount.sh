# C53 fsopen(2), fsconfig(2) and fsmount(2) of tmpfs: a filesystem context, its superblock, one
#   detached mount of it with attributes, attached where it propagates; the calls' errnos.
# source: fsopen(), fsconfig(), vfs_fsconfig_locked(), vfs_cmd_create(), fsmount() (fs/fsopen.c,
#   fs/namespace.c, the mount API of v5.2); FSMOUNT_VALID_FLAGS (2a1867219c7b, v5.12);
#   docs/semantics.md §2.17 and §8.2 (FSMOUNT_WITHOUT_NOSYMFOLLOW).
# expected: fsmount of a name not held is EBADF (line 19); fsconfig checks the descriptor is not
#   negative first, so a name not held (passed as -1) is EINVAL there (20). fsmount before create
#   is EINVAL (22), a second source EINVAL (24), a second create EBUSY (26), a source after create
#   EBUSY (27); attr=idmap, the atime mask and two atime modes are EINVAL (28-30). The mount keeps
#   its attributes and the label and, attached at the shared /mnt/s, propagates to /mnt/p (35). A
#   second fsmount of the context is EBUSY (36); fsconfig and fsmount through an O_PATH descriptor
#   (a mount's) are EBADF (37-38), so is fsmount after the context's descriptor closed (40). A plain
#   open_tree of a context's descriptor works (an O_PATH file on anon_inodefs), and nothing can be
#   moved or changed through either (43-45, EINVAL; ENOSYS for mount_setattr on 5.10). An
#   unattached fsmount closes and is gone: the context stays mounted once (49, EBUSY), the name
#   holds nothing (50, EBADF). nosymfollow: EINVAL on 5.10 only (53, then 54 is EBADF there).
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/s /mnt/p
mountfd fsmount m nofs
mountfd fsconfig nofs create
mountfd fsopen fs tmpfs
mountfd fsmount m fs
mountfd fsconfig fs source lbl
mountfd fsconfig fs source other
mountfd fsconfig fs create
mountfd fsconfig fs create
mountfd fsconfig fs source late
mountfd fsmount m fs attr=idmap
mountfd fsmount m fs attr=atime
mountfd fsmount m fs attr=noatime,strictatime
mountfd fsmount m fs attr=ro,noatime,nodiratime,nodev
mount -t tmpfs s /mnt/s
mount --make-shared /mnt/s
mount --bind /mnt/s /mnt/p
mountfd move_mount m /mnt/s
mountfd fsmount m2 fs
mountfd fsconfig m create
mountfd fsmount m3 m
mountfd close fs
mountfd fsmount m4 fs
mountfd fsopen g tmpfs
mountfd open_tree t g
mountfd move_mount t /mnt/a
mountfd move_mount g /mnt/a
mountfd mount_setattr g attr_set=ro
mountfd fsconfig g create
mountfd fsmount n g attr=noexec
mountfd close n
mountfd fsmount n g
mountfd move_mount n /mnt/a
mountfd fsopen h tmpfs
mountfd fsconfig h create
mountfd fsmount k h attr=nosymfollow,nosuid
mountfd move_mount k /mnt/b
