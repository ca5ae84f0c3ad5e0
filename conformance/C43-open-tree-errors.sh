# C43 open_tree() and move_mount() failures, and what a plain open_tree() descriptor holds.
# source: open_tree(), __do_loopback(), do_move_mount() (fs/namespace.c); docs/semantics.md §2.15.
# /mnt/u is an unbindable bind of itself; /mnt/a/d a directory of the tmpfs on /mnt/a.
# expected: AT_RECURSIVE without OPEN_TREE_CLONE is EINVAL (line 18); cloning the unbindable
#   mount is EINVAL (line 19) but a plain descriptor on it is fine (line 20) and moving it works
#   (line 21, /mnt is private). A descriptor on a directory that is no mount's root cannot be moved
#   (line 23, EINVAL), while a clone of it is a mount rooted there and moves (lines 24-25).
#   Unknown names are EBADF (lines 26-27), closing one is nothing. A plain descriptor holds its
#   mount: umount is EBUSY (line 30), and still after h closes, since d holds /mnt/a too (line
#   32). After umount -l a descriptor holds a mount that is not mounted, which can be neither
#   moved (line 36) nor copied (line 37): EINVAL.
mount -t tmpfs top /mnt
mkdir -p /mnt/a /mnt/b /mnt/u /mnt/f /mnt/g
mount -t tmpfs x /mnt/a
mkdir -p /mnt/a/d
mount --bind /mnt/u /mnt/u
mount --make-unbindable /mnt/u
mountfd open_tree t /mnt/a AT_RECURSIVE
mountfd open_tree t /mnt/u OPEN_TREE_CLONE
mountfd open_tree t /mnt/u
mountfd move_mount t /mnt/b
mountfd open_tree d /mnt/a/d
mountfd move_mount d /mnt/f
mountfd open_tree e /mnt/a/d OPEN_TREE_CLONE
mountfd move_mount e /mnt/g
mountfd move_mount nope /mnt/f
mountfd move_mount /mnt/a nope
mountfd close nope
mountfd open_tree h /mnt/a
umount /mnt/a
mountfd close h
umount /mnt/a
mount -t tmpfs x2 /mnt/a
mountfd open_tree h /mnt/a
umount -l /mnt/a
mountfd move_mount h /mnt/f
mountfd open_tree k h OPEN_TREE_CLONE
