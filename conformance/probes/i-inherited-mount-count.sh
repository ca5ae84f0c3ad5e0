# Probe i: how many mounts does a fresh `unshare -Urm` namespace already have?
# source: docs/measurements.md §1a, §5b; commit d29216842a85 (the limit is per mount namespace).
# The scenario language cannot count, so this was measured with
#   timeout 20 unshare -Urm sh -c 'wc -l < /proc/self/mountinfo'
# and this file only adds the usual root tmpfs (the runner shows 1 scenario mount).
# observed on Linux 6.18.44-fc-v657: 20 lines (/, the read-only /mnt/sandboxing/... tmpfs, /proc, /sys and 11
#   cgroup mounts, /dev, /dev/shm x2, /dev/pts x2); the same 20 in a nested `unshare -Urm`, in
#   `unshare -m` and in the host namespace. fs.mount-max reads 100000 (never written), so a
#   scenario namespace can hold 99980 mounts of its own; each namespace made by unshare -m/-Urm
#   starts again from a copy of its parent (20 + the scenario's mounts at that point).
mount -t tmpfs root /mnt
