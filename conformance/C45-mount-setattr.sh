# C45 mount_setattr(2): attributes set and cleared on one mount or a subtree, the atime mask,
#   MOUNT_ATTR_IDMAP without a user namespace, the propagation field, a detached tree, and locks.
# source: mount_setattr(), build_mount_kattr(), do_mount_setattr(), can_change_locked_flags()
#   (fs/namespace.c, 2a1867219c7b, v5.12); docs/semantics.md §2.15 and §8.2 (NO_MOUNT_SETATTR).
# expected: 5.10 has no mount_setattr: every such line is ENOSYS (the nop at line 23 too). On the
#   others: an atime mode without attr_clr=atime is EINVAL (line 17), so is idmap set or cleared
#   (lines 20-21); a missing path is ENOENT (line 22) unless nothing is asked (line 23, a nop); a
#   directory that is no mount's root is EINVAL (line 24). The copy t gets its own attributes and
#   type before it is attached. In the new user namespace the copies' ro and atime are locked:
#   clearing ro is EPERM (line 32), setting noexec works, changing the atime mode is EPERM (line
#   34).
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c
mount -t tmpfs x /mnt/a
mkdir -p /mnt/a/d
mount -t tmpfs y /mnt/a/d
mountfd mount_setattr /mnt/a attr_set=noatime
mountfd mount_setattr /mnt/a attr_set=ro,nosuid
mountfd mount_setattr /mnt/a AT_RECURSIVE attr_set=nodev attr_clr=nosuid
mountfd mount_setattr /mnt/a attr_set=idmap
mountfd mount_setattr /mnt/a attr_clr=idmap
mountfd mount_setattr /mnt/nope attr_set=ro
mountfd mount_setattr /mnt/nope
mountfd mount_setattr /mnt/b attr_set=ro
mountfd mount_setattr /mnt/a attr_clr=atime attr_set=noatime
mountfd mount_setattr /mnt/a/d attr_clr=atime attr_set=strictatime,nodiratime
mountfd mount_setattr /mnt/a AT_RECURSIVE propagation=shared
mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE
mountfd mount_setattr t AT_RECURSIVE attr_clr=ro,nodev propagation=private
mountfd move_mount t /mnt/b
unshare -Urm --propagation unchanged
mountfd mount_setattr /mnt/a attr_clr=ro
mountfd mount_setattr /mnt/a attr_set=noexec
mountfd mount_setattr /mnt/a attr_clr=atime attr_set=relatime
