# C15 Eric Biederman's 2017 "pathological.sh": umount propagation through tucked mounts.
# source: commit 570487d3faf2 (stable e260db757676) message; docs/semantics.md §3.4
#   and §6 C15. The commit's script runs in /mnt on a tmpfs "test-base"; here the same, with
#   absolute paths.
# expected: before the umount, 9 mounts: /mnt, /mnt/1 and /mnt/2 (shared:1), and six shared:1
#   mounts stacked at /mnt/1/1 and /mnt/2/1 (some tucked under others). After `umount
#   /mnt/1/1`, only /mnt, /mnt/1 and /mnt/2 remain (kernels before the fix left some behind).
# observed on Linux 6.18.44-fc-v657: as expected. Before the umount (file minus its last line): 9 mounts, ids
#   63-71; at /mnt/1/1: 71 (parent 64), 66 (parent 71), 68 (parent 66); at /mnt/2/1: 70 (parent 65),
#   67 (parent 70), 69 (parent 67): tucked stacks. After: 3 mounts (/mnt, /mnt/1, /mnt/2). No failed line.
mount -t tmpfs test-base /mnt
mkdir -p /mnt/1 /mnt/2 /mnt/1/1
mount --bind /mnt/1 /mnt/1
mount --make-shared /mnt/1
mount --bind /mnt/1 /mnt/2
mount --bind /mnt/1/1 /mnt/1/1
mount --bind /mnt/1/1 /mnt/1/1
umount /mnt/1/1
