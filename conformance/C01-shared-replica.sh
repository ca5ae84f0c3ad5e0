# C01 Shared replica.
# source: sharedsubtree.rst §2a; docs/semantics.md §6 C1.
# expected: /mnt/mnt and its bind /mnt/tmp are peers (same shared:N). sd0 mounted at
#   /mnt/tmp/a appears at /mnt/mnt/a too (both in one new group); the reverse direction also
#   works: sd1 mounted at /mnt/mnt/b appears at /mnt/tmp/b. 7 mounts in all.
# observed on Linux 6.18.44-fc-v657: as expected. 7 mounts: mnt,tmp shared:1; tmp/a,mnt/a shared:2;
#   mnt/b,tmp/b shared:3. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/mnt /mnt/tmp
mount -t tmpfs mnt /mnt/mnt
mkdir -p /mnt/mnt/a /mnt/mnt/b
mount --make-shared /mnt/mnt
mount --bind /mnt/mnt /mnt/tmp
mount -t tmpfs sd0 /mnt/tmp/a
mount -t tmpfs sd1 /mnt/mnt/b
