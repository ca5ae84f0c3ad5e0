# Probe a: after a bare `unshare -m` (util-linux: --propagation private, i.e. make-rprivate /),
#   is the unbindable mark gone? make-rprivate clears T_UNBINDABLE, so util-linux alone would
#   clear it. See a2 for what the kernel's own copy does.
# observed on Linux 6.18.44-fc-v657: yes, the mark is gone: the inner copy of u shows no unbindable and line 10
#   (bind of u) succeeds; 3 inner mounts. But a2 shows the kernel's copy already drops it.
mount -t tmpfs root /mnt
mkdir -p /mnt/u /mnt/w
mount -t tmpfs u /mnt/u
mount --make-unbindable /mnt/u
unshare -m
mount --bind /mnt/u /mnt/w
