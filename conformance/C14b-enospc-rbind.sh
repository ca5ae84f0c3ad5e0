# C14b The per-namespace mount limit: ENOSPC, reached quickly.
# source: commit d29216842a85 (count_mounts against fs.mount-max); docs/semantics.md
#   §2.5 step 2 and §6 C14; docs/measurements.md §1a.
# C12a's four rbinds (1806 mounts of R), then a fifth: it would need 1806 * 1807 more mounts.
#   fs.mount-max is left at its default (100000) and never written.
# expected: the last line fails with ENOSPC; nothing of it remains (1807 mounts, as after C12a).
#   The kernel counts each propagated copy against the namespace as it builds them, so it stops
#   after roughly 100000 pending mounts instead of building all 3.3 million.
# observed on Linux 6.18.44-fc-v657: as expected: line 24 (fifth rbind): ENOSPC after 0.25-0.27 s (3 runs, timed
#   with date around the line); 1807 mounts remain; whole run 0.65 s.
mount -t tmpfs root /mnt
mkdir -p /mnt/r
mount -t tmpfs R /mnt/r
mkdir -p /mnt/r/tmp /mnt/r/usr
mount --make-shared /mnt/r
mkdir -p /mnt/r/tmp/m1
mount --rbind /mnt/r /mnt/r/tmp/m1
mkdir -p /mnt/r/tmp/m2
mount --rbind /mnt/r /mnt/r/tmp/m2
mkdir -p /mnt/r/tmp/m3
mount --rbind /mnt/r /mnt/r/tmp/m3
mkdir -p /mnt/r/tmp/m4
mount --rbind /mnt/r /mnt/r/tmp/m4
mkdir -p /mnt/r/tmp/m5
mount --rbind /mnt/r /mnt/r/tmp/m5
