# C80 unshare -Ur: a shell in a new user namespace only keeps a mount namespace it has no
#   privilege over; every call that changes mounts is EPERM, the rest work.
# source: may_mount() (fs/namespace.c: CAP_SYS_ADMIN over the owner of the caller's mount
#   namespace) in path_mount(), path_umount(), vfs_open_tree() (OPEN_TREE_CLONE), move_mount(),
#   wants_mount_setattr() and fsmount(); fsopen() (fs/fsopen.c) asks the same; copy_mnt_ns() asks
#   only for CAP_SYS_ADMIN in the caller's own user namespace; the selftest
#   mount_setattr_test.c create_and_enter_userns(); docs/semantics.md §2.20.
# expected: on every kernel: mkdir and touch work (the files belong to the caller's uid, which the
#   new namespace maps to root); mount, bind, make-private, remount and umount of an existing target
#   are EPERM, and so are open_tree with OPEN_TREE_CLONE, fsopen, move_mount and mount_setattr
#   (ENOSYS on 5.10, which has no mount_setattr); a plain open_tree works. The filesystem context
#   opened before unshare -Ur follows the shell (docs/language.md); fsconfig create is EPERM
#   (mount_capable(): no CAP_SYS_ADMIN over the context's user namespace), fsmount too. A mount target that does
#   not exist is ENOENT: mount(2) looks it up first. Then unshare -m from that shell works: the new
#   mount namespace is owned by the new user namespace, so its copies are locked slaves of the
#   shared /mnt/s (copy_mnt_ns() with CL_SLAVE, lock_mnt_tree()) made private by util-linux; a mount
#   there works.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/s
mount -t tmpfs a /mnt/a
mount -t tmpfs s /mnt/s
mount --make-shared /mnt/s
mountfd fsopen fs tmpfs
unshare -Ur
mkdir -p /mnt/b/c /mnt/a/d
touch /mnt/b/f
mount -t tmpfs x /mnt/b
mount -t tmpfs x /mnt/missing
mount --bind /mnt/a /mnt/b
mount --rbind /mnt/a /mnt/b
mount --move /mnt/a /mnt/b
mount -o remount,ro /mnt/a
mount --make-private /mnt/a
mount -o remount,bind,ro /mnt/a
umount /mnt/a
umount -l /mnt/s
mountfd open_tree t /mnt/a
mountfd open_tree c /mnt/a OPEN_TREE_CLONE
mountfd fsopen f2 tmpfs
mountfd fsconfig fs create
mountfd fsmount m fs
mountfd move_mount t /mnt/b
mountfd mount_setattr /mnt/a attr_set=ro
unshare -m
mount -t tmpfs y /mnt/b
umount /mnt/a
