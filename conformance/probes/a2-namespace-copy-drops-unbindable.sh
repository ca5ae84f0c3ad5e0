# Probe a (control): the same with `unshare -m --propagation unchanged`, where util-linux makes
#   no mount(2) call at all (strace: only unshare(CLONE_NEWNS)). The documented rule
#   sharedsubtree.rst §5g is that the copy of an unbindable mount is unbindable.
# observed on Linux 6.18.44-fc-v657: the kernel itself drops the mark: inner u has no unbindable tag and line
#   10 (bind of u) succeeds, unlike sharedsubtree.rst §5g. Same with -Urm (C10b). Outer u keeps it.
mount -t tmpfs root /mnt
mkdir -p /mnt/u /mnt/w
mount -t tmpfs u /mnt/u
mount --make-unbindable /mnt/u
unshare -m --propagation unchanged
mount --bind /mnt/u /mnt/w
