# C17a The mount-notify selftest's `propagate` shape as a mount table.
# source: Linux tools/testing/selftests/filesystems/mount-notify/mount-notify_test.c,
#   test "propagate"; docs/semantics.md §5.3 and §6 C17. The test's "/" (a tmpfs it chroots
#   into) is the tmpfs R at /mnt/r.
# expected: make R shared and bind R onto itself 4 times: each bind propagates to every peer
#   stacked there, so 2^4 - 1 = 15 new mounts, 16 of R in all (17 with /mnt), all in R's group.
#   `umount -l /mnt/r` (the topmost) then removes the 15 added mounts; R itself stays.
# observed on Linux 6.18.44-fc-v657: as expected: 17 mounts before the umount (16 of R, all shared:1, stacked at
#   /mnt/r with tucked parents); after `umount -l /mnt/r` only /mnt and R (id 64) remain. No failed line.
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mount --make-shared /mnt/r
mount --bind /mnt/r /mnt/r
mount --bind /mnt/r /mnt/r
mount --bind /mnt/r /mnt/r
mount --bind /mnt/r /mnt/r
umount -l /mnt/r
