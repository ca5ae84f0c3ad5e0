# C64 mount_setattr(2) with bits that name no attribute and no propagation type: mountfd's hex
#   words (attr_set=0x80000000, propagation=0x80000000) pass them as they are.
# source: build_mount_kattr() (fs/namespace.c: MOUNT_SETATTR_VALID_FLAGS and
#   MOUNT_SETATTR_PROPAGATION_FLAGS, checked before the path is looked up); the selftest
#   mount_setattr_test.c invalid_attributes; docs/semantics.md section 2.15.
# expected: every line with an unknown bit is EINVAL and changes nothing, whatever else it holds:
#   in attr_set (line 15), attr_clr (16), propagation (17, and 21: MS_RDONLY is no propagation
#   type), next to a known attribute (18: /mnt/a does not become ro), on a missing path (19:
#   EINVAL, not ENOENT), next to an atime mode without the mask (20), above 32 bits on a name not
#   held (22: EINVAL, not EBADF). Without them, ro is set (23). 5.10 has no mount_setattr: ENOSYS
#   on every line.
mount -t tmpfs top /mnt
mkdir -p /mnt/a
mount -t tmpfs a /mnt/a
mountfd mount_setattr /mnt/a AT_RECURSIVE attr_set=0x80000000
mountfd mount_setattr /mnt/a AT_RECURSIVE attr_clr=0x80000000
mountfd mount_setattr /mnt/a AT_RECURSIVE propagation=0x80000000
mountfd mount_setattr /mnt/a attr_set=ro,0x400
mountfd mount_setattr /mnt/missing attr_set=0x80000000
mountfd mount_setattr /mnt/a attr_set=noatime,0x80000000
mountfd mount_setattr /mnt/a propagation=0x1
mountfd mount_setattr nope attr_set=0x100000000
mountfd mount_setattr /mnt/a attr_set=ro
