# C59 chroot: absolute paths start at the new root, and mountinfo is seen from it: mount points
#   relative to the root, mounts the root cannot reach left out, and propagate_from: shown when
#   the master's peer group has no member under the root but a group further up has one.
# source: chroot(2) (fs/open.c), show_mountinfo(), seq_path_root(), get_dominating_id() and
#   get_peer_under_root() (fs/proc_namespace.c, fs/pnode.c); docs/semantics.md §2.18.
# expected: chroot of a missing path is ENOENT, of a file ENOTDIR. After chroot /mnt/root only
#   /mnt/gin (shared:G) and /mnt/x (master:M propagate_from:G) are shown: M's only other member
#   /mnt/m lies outside the root; before the chroot x showed no propagate_from:. A mount made
#   inside appears at its path in the root. The same on every kernel (C61 chroots into a plain
#   directory).
mount -t tmpfs top /mnt
mkdir -p /mnt/g /mnt/m /mnt/root
touch /mnt/file
mount -t tmpfs r /mnt/root
mkdir -p /mnt/root/mnt/gin /mnt/root/mnt/x
mount -t tmpfs g /mnt/g
mount --make-shared /mnt/g
mount --bind /mnt/g /mnt/root/mnt/gin
mount --bind /mnt/g /mnt/m
mount --make-slave /mnt/m
mount --make-shared /mnt/m
mount --bind /mnt/m /mnt/root/mnt/x
mount --make-slave /mnt/root/mnt/x
chroot /mnt/nope
chroot /mnt/file
chroot /mnt/root
mkdir -p /mnt/new
mount -t tmpfs new /mnt/new
