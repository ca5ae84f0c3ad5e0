# C61 pivot_root's other checks, in the kernel's order, inside a chroot into an attached mount:
#   missing and file paths, the new root or PUT_OLD on the root's mount (EBUSY), a new root that is
#   no mount's root, PUT_OLD outside the new root; then a pivot whose new root is shared and whose
#   PUT_OLD lies on a private mount under it, and a root that is no mount's root.
# source: pivot_root(2) (fs/namespace.c: path lookups with LOOKUP_DIRECTORY, then EBUSY "loop on
#   the same file system", path_mounted(), mnt_has_parent(), is_path_reachable()), chroot(2);
#   docs/semantics.md §2.18.
# expected: ENOENT (line 28), ENOTDIR (line 29), EBUSY (lines 30, 31), EINVAL (lines 32, 33); the
#   pivot at line 34 works although the new root is shared: /mnt/new becomes the root, the jail
#   goes to /mnt/in/old; after chroot into the plain directory /mnt/in/old/mnt/d, pivot_root is
#   EINVAL (line 37). The same on every kernel.
mount -t tmpfs top /mnt
mkdir -p /mnt/jail
mount -t tmpfs jail /mnt/jail
mkdir -p /mnt/jail/mnt/new /mnt/jail/mnt/dir/old /mnt/jail/mnt/other /mnt/jail/mnt/sub
mkdir -p /mnt/jail/mnt/d/mnt/x
touch /mnt/jail/mnt/f
mount -t tmpfs new /mnt/jail/mnt/new
mkdir -p /mnt/jail/mnt/new/old /mnt/jail/mnt/new/mnt/in
mount --make-shared /mnt/jail/mnt/new
mount -t tmpfs in /mnt/jail/mnt/new/mnt/in
mount --make-private /mnt/jail/mnt/new/mnt/in
mkdir -p /mnt/jail/mnt/new/mnt/in/old
mount -t tmpfs sub /mnt/jail/mnt/sub
mount -t tmpfs x /mnt/jail/mnt/d/mnt/x
mkdir -p /mnt/jail/mnt/d/mnt/x/old
chroot /mnt/jail
pivot_root /mnt/nope /mnt/new/old
pivot_root /mnt/f /mnt/new/old
pivot_root /mnt/dir /mnt/dir/old
pivot_root /mnt/new /mnt/other
pivot_root /mnt/new/old /mnt/new/mnt/in/old
pivot_root /mnt/new /mnt/sub
pivot_root /mnt/new /mnt/new/mnt/in/old
mkdir -p /mnt/in/a
chroot /mnt/in/old/mnt/d
pivot_root /mnt/x /mnt/x/old
