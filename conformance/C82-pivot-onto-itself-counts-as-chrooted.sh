# C82: pivot_root NEW NEW puts the old root on the new root's own root, and the caller then
# counts as chrooted. current_chrooted() follows the namespace root down through every mount
# stacked on it and compares the caller's root with the top: after an ordinary pivot_root the new
# root is that top, but after pivot_root /mnt /mnt the old root sits on the new one, so a new user
# namespace is EPERM (create_user_ns()), not ENOENT for the missing /proc as after an ordinary
# pivot_root (C78). EPERM on 6.18 and 7.2; on the 5.10, 6.1 and 6.12 guests the pivot_root itself
# is EINVAL (their rootfs copy is locked, COPY_ROOT_LOCKED as in C76), so the userns line runs
# unchanged there. Found by conform --kernel 7.2 --seed 20261205 (seed-20261280, line 16).
mount -t tmpfs t0 /mnt
mkdir -p /mnt/mnt
pivot_root /mnt /mnt
mountfd userns n
