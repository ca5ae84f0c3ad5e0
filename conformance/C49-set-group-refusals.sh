# C49 move_mount(MOVE_MOUNT_SET_GROUP) refused: each check of do_set_group() in turn.
# source: do_set_group() (fs/namespace.c, 9ffb14ef61ba, v5.15); docs/semantics.md §2.16 and §8.2
#   (NO_MOVE_MOUNT_SET_GROUP, SET_GROUP_REFUSES_UNBINDABLE).
# expected: EINVAL for a private source (line 17), a shared target (20), a source path that is
#   not a mount's root (22), a target path that is not one (23), another filesystem (25), a target
#   whose root is outside the source's (28), a source descriptor whose mount is no longer mounted
#   (37), and a locked mount of the source under the target's root (43, in a less privileged
#   namespace); EBADF for an unknown name (31), ENOENT for a missing path (32). An unbindable target
#   (line 30) joins the group and loses the mark on 6.12 and 6.18, and is EINVAL on 7.2. 5.10
#   answers EINVAL to every SET_GROUP line, before any lookup.
# observed on Linux 6.18, 6.12, 7.2 and 5.10: as expected.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/d /mnt/e /mnt/h
mount -t tmpfs x /mnt/a
mkdir -p /mnt/a/sub
mount --bind /mnt/a /mnt/b
mountfd move_mount /mnt/a /mnt/b MOVE_MOUNT_SET_GROUP
mount --make-shared /mnt/a
mount --make-shared /mnt/b
mountfd move_mount /mnt/a /mnt/b MOVE_MOUNT_SET_GROUP
mount --make-private /mnt/b
mountfd move_mount /mnt/a/sub /mnt/b MOVE_MOUNT_SET_GROUP
mountfd move_mount /mnt/a /mnt/b/sub MOVE_MOUNT_SET_GROUP
mount -t tmpfs y /mnt/c
mountfd move_mount /mnt/a /mnt/c MOVE_MOUNT_SET_GROUP
mount --bind /mnt/a/sub /mnt/d
mount --make-shared /mnt/d
mountfd move_mount /mnt/d /mnt/b MOVE_MOUNT_SET_GROUP
mount --make-unbindable /mnt/b
mountfd move_mount /mnt/a /mnt/b MOVE_MOUNT_SET_GROUP
mountfd move_mount zz /mnt/b MOVE_MOUNT_SET_GROUP
mountfd move_mount /mnt/a /mnt/nothere MOVE_MOUNT_SET_GROUP
mount -t tmpfs z /mnt/h
mountfd open_tree c /mnt/h OPEN_TREE_CLONE
mountfd open_tree g c
mountfd close c
mountfd move_mount g /mnt/h MOVE_MOUNT_SET_GROUP
mount -t tmpfs w /mnt/e
mkdir -p /mnt/e/k /mnt/e/k/l /mnt/e/m
mount -t tmpfs l /mnt/e/k/l
unshare -Urm
mount --rbind /mnt/e/k /mnt/e/m
mountfd move_mount /mnt/e /mnt/e/m MOVE_MOUNT_SET_GROUP
