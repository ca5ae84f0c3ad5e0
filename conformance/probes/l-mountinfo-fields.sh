# Probe l: mountinfo root field of binds of subdirectories, and the option strings of a tmpfs
#   created in the user namespace.
# source: proc(5) mountinfo format; docs/measurements.md §5.
# T at /mnt/t with directories d/e; bind t/d -> /mnt/b1; bind b1/e (a subdirectory of the bind)
#   -> /mnt/b2; bind of the whole T -> /mnt/b3; self-bind of the directory /mnt/q of the root tmpfs.
# observed on Linux 6.18.44-fc-v657: root field is the path from the superblock root: /d for b1, /d/e for b2 (a
#   bind of a bind's subdirectory still shows the full path), / for b3, /q for the self-bind of a
#   directory. Every tmpfs shows mount options `rw,relatime` and super options `rw` (no size= or
#   mode=); source field is the NAME. Mount ids are reused (lowest free), e.g. probe j got 42-44.
mount -t tmpfs root /mnt
mkdir -p /mnt/t /mnt/b1 /mnt/b2 /mnt/b3 /mnt/q
mount -t tmpfs T /mnt/t
mkdir -p /mnt/t/d/e
mount --bind /mnt/t/d /mnt/b1
mount --bind /mnt/b1/e /mnt/b2
mount --bind /mnt/t /mnt/b3
mount --bind /mnt/q /mnt/q
