# C31 A copy propagated into another user namespace slides under a mount already there: is the
#   covering mount locked with it?
# source: attach_recursive_mnt() (fs/namespace.c): lock_mnt_tree() of a cross-userns copy ran after
#   the tuck (mnt_change_mountpoint()) from 3bd045cc9c4b (5.0) until ce7df1968653
#   ("attach_recursive_mnt(): do not lock the covering tree when sliding something under it",
#   2025, in the stable series); docs/semantics.md §8.2 (COVERING_TREE_LOCKED_ON_TUCK).
# A shared tmpfs A is on /mnt/a and /mnt/b (peers). Namespace n1 (-Urm, slave) gets copies. A bind
#   of /mnt/b/2 onto itself joins A's group and propagates into n1 (/2 copies). A tmpfs on /mnt/b/2
#   then propagates to /mnt/a and /mnt/b too, where its copies slide under the /2 binds; in n1 that
#   crosses the user namespace. umount -l /mnt/a propagates the umount into n1.
# expected: on Debian's 5.10.223 (before the fix) n1's /2 binds were locked by the tuck, so the
#   umount propagation leaves them (n1 keeps /mnt/a/2 and /mnt/b/2); 6.1, 6.12, 6.18 and 7.2
#   remove them. Found by conform --kernel 5.10 --live-namespaces --seed 20261202 (shrunk).
mount -t tmpfs t0 /mnt
mkdir -p /mnt/a /mnt/b
mount -t tmpfs A /mnt/a
mount --make-shared /mnt/a
mount --bind /mnt/a /mnt/b
mkdir -p /mnt /mnt/b/2
touch /mnt/n1 /mnt/n2
unshare -Urm --propagation slave --mount=/mnt/n1 true
mount --bind /mnt/b/2 /mnt/b/2
mount -t tmpfs o3 /mnt/b/2
umount -l /mnt/a
