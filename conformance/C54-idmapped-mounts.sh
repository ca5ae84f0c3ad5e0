# C54 idmapped mounts: mount_setattr(2) with MOUNT_ATTR_IDMAP and a user namespace descriptor.
# source: build_mount_idmapped(), can_idmap_mount(), mount_setattr_prepare() (fs/namespace.c;
#   MOUNT_ATTR_IDMAP since v5.12, tmpfs since 7a80e5b8c6fa, v6.3); show_mnt_opts()
#   (fs/proc_namespace.c); docs/semantics.md §2.17 and §8.2 (TMPFS_WITHOUT_IDMAP).
# expected: 5.10 has no mount_setattr (ENOSYS on every mount_setattr line). 6.1's tmpfs takes
#   no idmapping: EINVAL where the others idmap (24, 34, 51) or refuse with EPERM (27, 36, 46-47).
#   Elsewhere: the filesystem's own user namespace is EINVAL (21); userns_fd of a name not held,
#   of no userns= or of a filesystem context EINVAL (22-23, 25), of an O_PATH descriptor EBADF (26);
#   idmap set again is EPERM (27), cleared EINVAL (28); userns= without idmap is ignored (29); an
#   attached mount is EINVAL (32). Copies keep the idmapping (36 EPERM; /mnt/c, /mnt/d and the bind
#   /mnt/e show "idmapped"); a user namespace descriptor names no mount (40-41). Nested: the outer
#   tmpfs' superblock is not the caller's, EPERM (46-47); the inner tmpfs with its own user
#   namespace is EINVAL (50), with a child one it works (51). No context: EINVAL (53-54).
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/d /mnt/e /mnt/f
mountfd userns u
mountfd userns me self
mountfd fsopen fs tmpfs
mountfd fsconfig fs create
mountfd fsmount m fs
mountfd mount_setattr m attr_set=idmap userns=me
mountfd mount_setattr m attr_set=idmap userns=nope
mountfd mount_setattr m attr_set=idmap
mountfd mount_setattr m attr_set=idmap userns=u
mountfd mount_setattr m attr_set=idmap userns=fs
mountfd mount_setattr m attr_set=idmap userns=m
mountfd mount_setattr m attr_set=idmap userns=u
mountfd mount_setattr m attr_clr=idmap
mountfd mount_setattr m attr_set=ro userns=u
mountfd move_mount m /mnt/a
mount -t tmpfs x /mnt/b
mountfd mount_setattr /mnt/b attr_set=idmap userns=u
mountfd open_tree t /mnt/b OPEN_TREE_CLONE
mountfd mount_setattr t attr_set=idmap userns=u
mountfd open_tree t2 /mnt/a OPEN_TREE_CLONE
mountfd mount_setattr t2 AT_RECURSIVE attr_set=idmap,nosuid userns=u
mountfd move_mount t /mnt/c
mountfd move_mount t2 /mnt/d
mount --bind /mnt/a /mnt/e
mountfd mount_setattr u attr_set=ro
mountfd move_mount u /mnt/f
unshare -Urm
mountfd userns v self
mountfd userns w
mountfd open_tree t3 /mnt/b OPEN_TREE_CLONE
mountfd mount_setattr t3 attr_set=idmap userns=v
mountfd mount_setattr t3 attr_set=idmap userns=w
mount -t tmpfs inner /mnt/f
mountfd open_tree t4 /mnt/f OPEN_TREE_CLONE
mountfd mount_setattr t4 attr_set=idmap userns=v
mountfd mount_setattr t4 attr_set=idmap userns=w
mountfd move_mount t4 /mnt/f
mountfd fsconfig w create
mountfd fsmount x w
