# C17b The mount-notify selftest's `reparent` shape as a mount table.
# source: Linux mount-notify_test.c, test "reparent"; docs/semantics.md §5.3 and §6 C17.
#   The test's "/" is the tmpfs R at /mnt/r, with directories a and b.
# steps: bind R to a (a1); make a1 shared; bind a1 to b (b2); make b2 a slave; bind R onto a
#   again (a3, on top of a1; propagates to b as b4 on b2); bind R onto b (b5, on top of b4,
#   not propagated); umount /mnt/r/a (a3).
# expected: a3 and its copy b4 are unmounted; b5 (b4's overmount) falls onto b2 (parent b2,
#   mount point /mnt/r/b). Four mounts of R remain (R, a1, b2, b5), 5 with /mnt.
# observed on Linux 6.18.44-fc-v657: as expected. Before the umount: 7 mounts (a1 shared:1, b2 master:1, a3
#   shared:2, b4 master:2, b5 private on b4). After: 5 mounts; b5 (id 69) now has parent b2 (66)
#   at /mnt/r/b. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/a /mnt/r/b
mount --bind /mnt/r /mnt/r/a
mount --make-shared /mnt/r/a
mount --bind /mnt/r/a /mnt/r/b
mount --make-slave /mnt/r/b
mount --bind /mnt/r /mnt/r/a
mount --bind /mnt/r /mnt/r/b
umount /mnt/r/a
