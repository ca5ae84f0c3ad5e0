# Error sites no other case reaches, depth cases and unshare's propagation modes (semantic
# coverage, CoverageTargets): ENOENT for every command that walks a path; EINVAL for move, make-X
# and umount of a directory that is not a mount point; an unbindable mount below a direct child of
# an rbind source (pruned there too); move of a locked mount; a bind whose source has a locked
# grandchild but no locked child (has_locked_children() looks at direct children only); unshare
# with --propagation shared and slave, in the same and in a new user namespace.
mount -t tmpfs root /mnt
mkdir -p /mnt/a /mnt/b /mnt/s /mnt/d /mnt/e /mnt/x /mnt/r /mnt/rc
mount -t tmpfs x /mnt/missing
mount --bind /mnt/missing /mnt/a
mount --rbind /mnt/a /mnt/missing
mount --move /mnt/missing /mnt/a
mount --make-shared /mnt/missing
umount /mnt/missing
mount --move /mnt/a /mnt/b
mount --make-private /mnt/a
umount /mnt/a
mount -t tmpfs r /mnt/r
mkdir -p /mnt/r/x
mount -t tmpfs rx /mnt/r/x
mkdir -p /mnt/r/x/y
mount -t tmpfs rxy /mnt/r/x/y
mount --make-unbindable /mnt/r/x/y
mount --rbind /mnt/r /mnt/rc
mount -t tmpfs s /mnt/s
mkdir -p /mnt/s/in
mount -t tmpfs in /mnt/s/in
unshare -Urm
mount --move /mnt/s/in /mnt/d
mount -t tmpfs x /mnt/x
mkdir -p /mnt/x/y
mount --rbind /mnt/s /mnt/x/y
mount --bind /mnt/x /mnt/d
mount --bind /mnt/s /mnt/e
unshare -m --propagation shared
unshare -m --propagation slave
unshare -Urm --propagation shared
unshare -Urm --propagation slave
