# C46 move_mount(2) with both ends wrong: which lookup fails first.
# source: the move_mount() system call (fs/namespace.c): 6.18 and 7.2 resolve the target before
#   the source, earlier kernels the source first; docs/semantics.md §8.2 (MOVE_MOUNT_SOURCE_FIRST).
# expected: line 7 (no descriptor u, no /mnt/a) is ENOENT on 6.18 and 7.2, EBADF on 5.10, 6.1
#   and 6.12; line 8 (both paths missing) is ENOENT everywhere. Found by conform --fd-api on the
#   host (seed 20261204, shrunk).
mountfd move_mount u /mnt/a
mountfd move_mount /mnt/x /mnt/y
