# Probe e: bind whose source is a slave (not shared) onto a shared destination.
# source: sharedsubtree.rst §5b case 3; docs/semantics.md §2.5 step 4.
# expected: the new mount C (and its copy on the destination's peer) is shared and slave of Z
#   (shared:N master:Z); the source A itself stays a plain slave.
# observed on Linux 6.18.44-fc-v657: yes: b/c and bp/c are shared:3 master:1 (shared and slave of Z); the source a
#   stays master:1 only. 7 mounts.
mount -t tmpfs root /mnt
mkdir -p /mnt/z /mnt/a /mnt/b /mnt/bp
mount -t tmpfs Z /mnt/z
mount --make-shared /mnt/z
mount --bind /mnt/z /mnt/a
mount --make-slave /mnt/a
mount -t tmpfs B /mnt/b
mkdir -p /mnt/b/c
mount --make-shared /mnt/b
mount --bind /mnt/b /mnt/bp
mount --bind /mnt/a /mnt/b/c
