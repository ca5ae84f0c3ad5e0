# sharedsubtree.rst §2d: an unbindable mount cannot be bind-mounted.
#
# "An unbindable mount is a private mount which cannot be cloned through a bind operation."
# The last line fails: the kernel returns EINVAL (util-linux prints "wrong fs type, bad
# option, bad superblock ..."), and a scenario run reports it as
#   sharedsubtree-2d-unbindable.sh:13: mount --bind /mnt/mnt /mnt/tmp: EINVAL
#
# Result on Linux 6.18.44-fc-v657 (2 mounts): /mnt and /mnt/mnt, marked unbindable in mountinfo.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt /mnt/tmp
mount -t tmpfs mnt /mnt/mnt
mount --make-unbindable /mnt/mnt
mount --bind /mnt/mnt /mnt/tmp
