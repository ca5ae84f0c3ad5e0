# C51 move_mount(MOVE_MOUNT_BENEATH) refused: the checks of do_move_mount() and
#   can_move_mount_beneath() in turn, and beneath a mount that sits on the namespace root.
# source: do_move_mount(), can_move_mount_beneath(), propagation_would_overmount() (fs/namespace.c,
#   fs/pnode.c, 6ac392815628, v6.5); docs/semantics.md §2.16 and §8.2.
# expected: EINVAL for a target path that is not a mount's root (line 19), a source that is the
#   target (20) or lies on it (21), a source with something on its root (25), a source under a
#   shared parent (30), an unbindable source beneath a mount of a shared parent (34), a target the
#   parent would propagate onto (37), a source descriptor whose mount is no longer mounted (45);
#   ELOOP for a target on the source itself (41); EBADF for an unknown name (46). The last line
#   puts a copy beneath /mnt: on the guests /mnt sits on the namespace root, which 6.12 refuses
#   (EINVAL, BENEATH_REFUSES_NAMESPACE_ROOT_CHILD) and 7.2 accepts; the host's /mnt sits on a
#   mount that is not the namespace root and the line works. A source path that is not a mount's
#   root (49): EINVAL. 5.10 and 6.1: EINVAL on every BENEATH line.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/c /mnt/d /mnt/e /mnt/h
mount -t tmpfs a /mnt/a
mkdir -p /mnt/a/x
mount -t tmpfs b /mnt/b
mountfd move_mount /mnt/b /mnt/a/x MOVE_MOUNT_BENEATH
mountfd move_mount /mnt/a /mnt/a MOVE_MOUNT_BENEATH
mountfd move_mount /mnt/b /mnt MOVE_MOUNT_BENEATH
mount -t tmpfs c /mnt/c
mountfd open_tree o /mnt/c
mount -t tmpfs c2 /mnt/c
mountfd move_mount o /mnt/b MOVE_MOUNT_BENEATH
mount -t tmpfs e /mnt/e
mkdir -p /mnt/e/f /mnt/e/g /mnt/e/k
mount --make-shared /mnt/e
mount -t tmpfs f /mnt/e/f
mountfd move_mount /mnt/e/f /mnt/b MOVE_MOUNT_BENEATH
mount -t tmpfs g /mnt/e/g
mount -t tmpfs ub /mnt/h
mount --make-unbindable /mnt/h
mountfd move_mount /mnt/h /mnt/e/g MOVE_MOUNT_BENEATH
mount --make-private /mnt/h
mount --bind /mnt/e/k /mnt/e/k
mountfd move_mount /mnt/h /mnt/e/k MOVE_MOUNT_BENEATH
mount -t tmpfs d /mnt/d
mkdir -p /mnt/d/x
mount -t tmpfs dx /mnt/d/x
mountfd move_mount /mnt/d /mnt/d/x MOVE_MOUNT_BENEATH
mountfd open_tree cl /mnt/b OPEN_TREE_CLONE
mountfd open_tree gone cl
mountfd close cl
mountfd move_mount gone /mnt/a MOVE_MOUNT_BENEATH
mountfd move_mount zz /mnt/a MOVE_MOUNT_BENEATH
mountfd open_tree r /mnt/h OPEN_TREE_CLONE
mountfd move_mount r /mnt MOVE_MOUNT_BENEATH
mountfd move_mount /mnt/a/x /mnt/b MOVE_MOUNT_BENEATH
