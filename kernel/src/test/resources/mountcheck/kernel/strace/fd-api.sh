# the scenario whose run by the resident executor (perl syscalls.pl shell, in unshare -Urm)
# fd-api.strace records; StraceTranslatorTest translates the log back
mount -t tmpfs top /mnt
mkdir -p /mnt/a/sub /mnt/b /mnt/c /mnt/d
mount -t tmpfs sub /mnt/a/sub
mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE
mountfd mount_setattr t AT_RECURSIVE attr_set=ro,nosuid propagation=private
mountfd move_mount t /mnt/b
mountfd close t
mountfd fsopen fs tmpfs
mountfd fsconfig fs source lbl
mountfd fsconfig fs create
mountfd fsmount m fs attr=nodev,noexec
mountfd move_mount m /mnt/c
mountfd close m
mountfd close fs
mountfd mount_setattr /mnt/c attr_set=noatime attr_clr=noexec,atime
mountfd open_tree p /mnt/b
mountfd move_mount p /mnt/d
