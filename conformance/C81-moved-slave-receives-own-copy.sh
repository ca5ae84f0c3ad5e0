# C81: a slave of the destination's group moved onto the destination receives a copy of itself,
# and that copy is shared only if the moved mount was shared before the move. /mnt/p is shared,
# its bind /mnt/p/a is made a slave of it, and a bind of that slave (a slave of /mnt/p's group
# too, clone_mnt()) is moved onto /mnt/p. attach_recursive_mnt() gives the moved tree a group id
# first (invent_group_ids()) but sets MNT_SHARED only after propagate_mnt(); the walk reaches
# the moved mount itself among /mnt/p's slaves, and propagate_one() tests IS_MNT_SHARED on it:
# not yet, so the copy stacked on it is a plain slave (master: only). Under /mnt/q the moved
# mount is made shared before the move, and its copy is shared and a slave. The same on 5.10,
# 6.1, 6.12, 6.18 and 7.2. Found by conform --seed 20261205 on the host (6.18), shrunk.
mount -t tmpfs a /mnt
mkdir -p /mnt/p /mnt/q
mount -t tmpfs p /mnt/p
mkdir -p /mnt/p/a
mount --make-shared /mnt/p
mount --bind /mnt/p /mnt/p/a
mount --make-slave /mnt/p/a
mount --bind /mnt/p/a /mnt/p/a
mountfd move_mount /mnt/p/a /mnt/p
mount -t tmpfs q /mnt/q
mkdir -p /mnt/q/a
mount --make-shared /mnt/q
mount --bind /mnt/q /mnt/q/a
mount --make-slave /mnt/q/a
mount --bind /mnt/q/a /mnt/q/a
mount --make-shared /mnt/q/a
mountfd move_mount /mnt/q/a /mnt/q
