# C60 pivot_root's three propagation checks, in the kernel's order: the mount of PUT_OLD, the
#   parent of the new root's mount and the parent of the current root's mount must not be shared
#   (the new root's own mount may be).
# source: pivot_root(2) (IS_MNT_SHARED of old_mnt, ex_parent and root_parent; fs/namespace.c);
#   docs/semantics.md §2.18.
# expected: the scenario chroots into the attached mount /mnt/jail first, so every kernel answers
#   alike: EINVAL three times (line 22: PUT_OLD's mount /mnt/p/new is shared; line 24: the new
#   root's parent /mnt/p is shared; line 26: the root's parent, /mnt outside the root, is shared).
#   A shared new root with PUT_OLD on a private mount under it works: C61, line 34.
mount -t tmpfs top /mnt
mkdir -p /mnt/jail /mnt/jail2
mount -t tmpfs jail /mnt/jail
mkdir -p /mnt/jail/mnt/p
mount -t tmpfs p /mnt/jail/mnt/p
mkdir -p /mnt/jail/mnt/p/new
mount -t tmpfs new /mnt/jail/mnt/p/new
mkdir -p /mnt/jail/mnt/p/new/old
mount --make-shared /mnt
chroot /mnt/jail
mount --make-shared /mnt/p
mount --make-shared /mnt/p/new
pivot_root /mnt/p/new /mnt/p/new/old
mount --make-private /mnt/p/new
pivot_root /mnt/p/new /mnt/p/new/old
mount --make-private /mnt/p
pivot_root /mnt/p/new /mnt/p/new/old
