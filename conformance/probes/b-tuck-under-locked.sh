# Probe b: can a propagated copy be tucked under a MNT_LOCKED mount q (newest trees move the
#   lock from q to the new copy)?
# source: docs/semantics.md §2.5 step 7 (tucking), §2.9, §7 (lock transfer "newest-only").
# Answer: the scenario language cannot build that situation, so the lock transfer cannot be
#   observed with it. A tuck needs a receiver n whose location is covered by a locked q while
#   a peer (or master) of n in the *current* namespace has that location uncovered. Locks only
#   arise in a namespace made by `unshare -Urm` (copies of the previous namespace), and there:
#   - shared originals become slaves of the previous namespace's groups, which can no longer be
#     acted in (a scenario never returns to an earlier namespace);
#   - a group built in the new namespace from n needs a copy of n: a plain bind covering the
#     locked child fails with EINVAL, an rbind copies q with its lock (umount of the copy:
#     EINVAL), an rbind after marking q unbindable should fail with EPERM (pruning would reveal
#     what q covers);
#   - uncovering the peer's location by umount either fails (locked: EINVAL) or, when the peer's
#     copy is unlocked, umount propagation clears the lock on q (propagate_mount_unlock);
#   - a further `unshare -m` (same user namespace) copies the locks (umount there: EINVAL).
#   Observing the transfer needs an event from the earlier namespace after the unshare, or
#   move_mount(MOVE_MOUNT_BENEATH)/SET_GROUP, none of which the language has.
# observed on Linux 6.18.44-fc-v657: EINVAL: lines 27 (umount of locked Q'), 29 (bind covering it), 31
#   (umount of the rbind copy's Q: the lock is copied), 35 and 36 (locks copied into the same-userns
#   namespace too); line 33 (rbind after make-unbindable on the locked Q'): EPERM. No tuck possible.
mount -t tmpfs root /mnt
mkdir -p /mnt/s /mnt/s2 /mnt/s3
mount -t tmpfs S /mnt/s
mkdir -p /mnt/s/x
mount --make-shared /mnt/s
mount -t tmpfs Q /mnt/s/x
unshare -Urm --propagation unchanged
umount /mnt/s/x
mount --make-shared /mnt/s
mount --bind /mnt/s /mnt/s2
mount --rbind /mnt/s /mnt/s2
umount /mnt/s2/x
mount --make-unbindable /mnt/s/x
mount --rbind /mnt/s /mnt/s3
unshare -m --propagation unchanged
umount /mnt/s/x
umount /mnt/s2/x
