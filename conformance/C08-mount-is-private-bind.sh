# C08 A new mount behaves like a bind whose source is private.
# source: sharedsubtree.rst §5e; docs/semantics.md §2.5 and §6 C8.
# expected: tmpfs n1 on the shared /mnt/s/d gets a new group shared with its copy on the peer
#   /mnt/sp/d and is the master of the copy on the slave /mnt/ss/d (like C05 cell 2); tmpfs n2
#   on the private /mnt/p/d stays private (like C05 cell 6). Mounting a tmpfs directly on the
#   same location again stacks on top (n3 over n1, propagated the same way). 12 mounts.
# observed on Linux 6.18.44-fc-v657: as expected, 12 mounts: n1 shared:2 at s/d and sp/d, master:2 at ss/d; n2
#   private; n3 stacked on each n1 copy (parents are the n1 mounts), shared:3/master:3.
mount -t tmpfs root /mnt
mkdir -p /mnt/s /mnt/sp /mnt/ss /mnt/p
mount -t tmpfs s /mnt/s
mkdir -p /mnt/s/d
mount --make-shared /mnt/s
mount --bind /mnt/s /mnt/sp
mount --bind /mnt/s /mnt/ss
mount --make-slave /mnt/ss
mount -t tmpfs n1 /mnt/s/d
mount -t tmpfs p /mnt/p
mkdir -p /mnt/p/d
mount -t tmpfs n2 /mnt/p/d
mount -t tmpfs n3 /mnt/s/d
