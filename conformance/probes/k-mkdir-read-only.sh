# Probe k: mkdir -p on the read-only parts of the initial state.
# Host-specific (it relies on this machine's pre-existing /mnt/sandboxing mount), so it has no
# recorded .expected answer and is not part of the model-vs-kernel replay.
# source: docs/architecture.md §4 (initial state: / remounted read-only by the runner);
#   docs/measurements.md §0 (read-only tmpfs at /mnt/sandboxing/...).
# Before any tmpfs on /mnt: mkdir -p /mnt (exists), /mnt/x (new, on the read-only /),
#   /mnt/sandboxing (exists), a new directory inside the read-only sandbox tmpfs (its mount point
#   is a path component), then the same after a tmpfs on /mnt.
# observed on Linux 6.18.44-fc-v657: mkdir -p of existing directories succeeds even on read-only mounts (lines
#   8, 10, 12: EEXIST is ignored by mkdir -p); line 9 (/mnt/x on the read-only /): EROFS; line 11
#   (new directory in the read-only sandbox tmpfs): EROFS; after the tmpfs on /mnt, both mkdirs work.
mkdir -p /mnt
mkdir -p /mnt/x
mkdir -p /mnt/sandboxing
mkdir -p /mnt/sandboxing/model_tools_env/v1/python/new
mkdir -p /mnt/sandboxing/model_tools_env/v1/python
mount -t tmpfs root /mnt
mkdir -p /mnt/x
mkdir -p /mnt/sandboxing/z
