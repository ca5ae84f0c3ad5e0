# sharedsubtree.rst §2a: a shared mount and its replica.
#
# Documentation/filesystems/sharedsubtree.rst: "A shared mount can be replicated to as many
# mountpoints and all the replicas continue to be exactly same." The doc's /mnt and /tmp are
# /mnt/mnt and /mnt/tmp here, and its device /dev/sd0 is a tmpfs named sd0.
#
# 1. /mnt/mnt is made shared and bound to /mnt/tmp: the two mounts form one peer group.
# 2. A mount on /mnt/tmp/a propagates to /mnt/mnt/a, and a mount on /mnt/mnt/b propagates to
#    /mnt/tmp/b: events travel both ways between peers.
#
# Result on Linux 6.18.44-fc-v657 (7 mounts): mnt and tmp shared:1; mnt/a and tmp/a shared:2 (sd0);
# mnt/b and tmp/b shared:3 (sd1). Each new mount and its copies form their own peer group.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt /mnt/tmp
mount -t tmpfs mnt /mnt/mnt
mkdir -p /mnt/mnt/a /mnt/mnt/b
mount --make-shared /mnt/mnt
mount --bind /mnt/mnt /mnt/tmp
mount -t tmpfs sd0 /mnt/tmp/a
mount -t tmpfs sd1 /mnt/mnt/b
