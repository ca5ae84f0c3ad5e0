# sharedsubtree.rst §2b: a slave receives, but does not send.
#
# "A slave mount is a mount that receives propagation from its master, but not vice-versa."
# The doc's /mnt and /tmp are /mnt/mnt and /mnt/tmp; /dev/sd0 and /dev/sd1 are tmpfs sd0, sd1.
#
# 1. /mnt/mnt is shared and bound to /mnt/tmp, then /mnt/tmp is made a slave: it leaves the
#    peer group and follows it as a slave (mountinfo shows master:1).
# 2. sd0 mounted at /mnt/mnt/a appears at /mnt/tmp/a (as a slave of sd0's new group).
# 3. sd1 mounted at /mnt/tmp/b stays there: /mnt/mnt/b remains an empty directory.
#
# Result on Linux 6.18.44-fc-v657 (6 mounts): mnt shared:1, tmp master:1; mnt/a shared:2, tmp/a master:2;
# tmp/b with no propagation tag.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt /mnt/tmp
mount -t tmpfs mnt /mnt/mnt
mkdir -p /mnt/mnt/a /mnt/mnt/b
mount --make-shared /mnt/mnt
mount --bind /mnt/mnt /mnt/tmp
mount --make-slave /mnt/tmp
mount -t tmpfs sd0 /mnt/mnt/a
mount -t tmpfs sd1 /mnt/tmp/b
