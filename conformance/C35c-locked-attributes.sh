# C35c Locked attributes: copies made for a new user namespace cannot clear ro, nosuid, nodev,
#   noexec or change the atime mode; their superblocks belong to the older user namespace.
# source: fs/namespace.c lock_mnt_tree(), can_change_locked_flags(), do_remount()
#   (ns_capable(sb->s_user_ns)); commit 9566d6742852 ("mnt: Correct permission checks in
#   do_remount", v3.18); docs/semantics.md §2.14.
# Two tmpfs a (ro,nosuid,noexec) and s (nodev,noatime), then unshare -Urm; remounts that clear
#   or keep locked attributes, bind -o, a tmpfs made in the new user namespace, then a second
#   unshare -Urm.
# expected: clearing ro, nosuid or nodev, or any atime change on a copy is EPERM; adding nodev
#   or ro works, and ro set after the copy can be cleared again; remount of s's superblock is
#   EPERM (owned by the first user namespace); bind -o rw,nosuid binds (b: a locked ro copy)
#   and fails EPERM; the tmpfs made inside can be remounted freely until the second unshare
#   locks its nosuid, and its superblock then belongs to an older user namespace (EPERM).
# observed on Linux 6.18.44-fc-v1272: lines 21, 23-27, 30, 31, 38 and 39 EPERM
mount -t tmpfs root /mnt
mkdir -p /mnt/a /mnt/s /mnt/b /mnt/c
mount -t tmpfs -o ro,nosuid,noexec a /mnt/a
mount -t tmpfs -o nodev,noatime s /mnt/s
mkdir -p /mnt/s/x /mnt/s/y
unshare -Urm
mount -o remount,bind,rw /mnt/a
mount -o remount,bind,ro,nosuid,noexec,nodev /mnt/a
mount -o remount,bind,suid /mnt/a
mount -o remount,bind,noatime /mnt/a
mount -o remount,bind,strictatime /mnt/a
mount -o remount,bind,nodiratime /mnt/a
mount -o remount,ro /mnt/s
mount -o remount,bind,ro /mnt/s
mount -o remount,bind,rw /mnt/s
mount -o remount,bind,dev /mnt/s
mount --bind -o rw,nosuid /mnt/a /mnt/b
mount --bind -o ro,nosuid,noexec,nodev,relatime /mnt/a /mnt/c
mount -t tmpfs -o ro inner /mnt/s/x
mount -o remount,bind,rw /mnt/s/x
mount -o remount,ro,nosuid /mnt/s/x
mount -o remount,rw /mnt/s/x
unshare -Urm
mount -o remount,bind,rw,suid /mnt/s/x
mount -o remount,rw /mnt/s/x
mount -o remount,bind,ro,nodev,noatime /mnt/s
mount -o remount,bind,rw,nodev,noatime /mnt/s
