# fs.mount-max (100000, the default) exactly: every place that can reach it (mount, bind,
# rbind, move with propagation, unshare) one below, at and one above the limit
# (count_mounts(), fs/namespace.c), filled by peer-group doubling trees to 2 below the limit.
# host-only: the counts assume the 21 mounts unshare -Urm copies on this host (recorded
# below); copy_mnt_ns() does not check the limit, so unshare copies a full table.
mount -t tmpfs root /mnt
mkdir -p /mnt/p/1 /mnt/p/2 /mnt/p/3 /mnt/dst /mnt/dpeer /mnt/m1 /mnt/m2 /mnt/m3 /mnt/rs
mount -t tmpfs dst /mnt/dst
mkdir -p /mnt/dst/x /mnt/dst/y /mnt/dst/z
mount --make-shared /mnt/dst
mount --bind /mnt/dst /mnt/dpeer
mount -t tmpfs m1 /mnt/m1
mount -t tmpfs m2 /mnt/m2
mount -t tmpfs m3 /mnt/m3
mount -t tmpfs rs /mnt/rs
mkdir -p /mnt/t16
mount -t tmpfs t16 /mnt/t16
mkdir -p /mnt/t16/a1 /mnt/t16/a2 /mnt/t16/a3 /mnt/t16/a4 /mnt/t16/a5 /mnt/t16/a6 /mnt/t16/a7 /mnt/t16/a8 /mnt/t16/a9 /mnt/t16/a10 /mnt/t16/a11 /mnt/t16/a12 /mnt/t16/a13 /mnt/t16/a14 /mnt/t16/a15 /mnt/t16/a16
mount --make-shared /mnt/t16
mount --bind /mnt/t16 /mnt/t16/a1
mount --bind /mnt/t16 /mnt/t16/a2
mount --bind /mnt/t16 /mnt/t16/a3
mount --bind /mnt/t16 /mnt/t16/a4
mount --bind /mnt/t16 /mnt/t16/a5
mount --bind /mnt/t16 /mnt/t16/a6
mount --bind /mnt/t16 /mnt/t16/a7
mount --bind /mnt/t16 /mnt/t16/a8
mount --bind /mnt/t16 /mnt/t16/a9
mount --bind /mnt/t16 /mnt/t16/a10
mount --bind /mnt/t16 /mnt/t16/a11
mount --bind /mnt/t16 /mnt/t16/a12
mount --bind /mnt/t16 /mnt/t16/a13
mount --bind /mnt/t16 /mnt/t16/a14
mount --bind /mnt/t16 /mnt/t16/a15
mount --bind /mnt/t16 /mnt/t16/a16
mkdir -p /mnt/t15
mount -t tmpfs t15 /mnt/t15
mkdir -p /mnt/t15/a1 /mnt/t15/a2 /mnt/t15/a3 /mnt/t15/a4 /mnt/t15/a5 /mnt/t15/a6 /mnt/t15/a7 /mnt/t15/a8 /mnt/t15/a9 /mnt/t15/a10 /mnt/t15/a11 /mnt/t15/a12 /mnt/t15/a13 /mnt/t15/a14 /mnt/t15/a15
mount --make-shared /mnt/t15
mount --bind /mnt/t15 /mnt/t15/a1
mount --bind /mnt/t15 /mnt/t15/a2
mount --bind /mnt/t15 /mnt/t15/a3
mount --bind /mnt/t15 /mnt/t15/a4
mount --bind /mnt/t15 /mnt/t15/a5
mount --bind /mnt/t15 /mnt/t15/a6
mount --bind /mnt/t15 /mnt/t15/a7
mount --bind /mnt/t15 /mnt/t15/a8
mount --bind /mnt/t15 /mnt/t15/a9
mount --bind /mnt/t15 /mnt/t15/a10
mount --bind /mnt/t15 /mnt/t15/a11
mount --bind /mnt/t15 /mnt/t15/a12
mount --bind /mnt/t15 /mnt/t15/a13
mount --bind /mnt/t15 /mnt/t15/a14
mount --bind /mnt/t15 /mnt/t15/a15
mkdir -p /mnt/t10
mount -t tmpfs t10 /mnt/t10
mkdir -p /mnt/t10/a1 /mnt/t10/a2 /mnt/t10/a3 /mnt/t10/a4 /mnt/t10/a5 /mnt/t10/a6 /mnt/t10/a7 /mnt/t10/a8 /mnt/t10/a9 /mnt/t10/a10
mount --make-shared /mnt/t10
mount --bind /mnt/t10 /mnt/t10/a1
mount --bind /mnt/t10 /mnt/t10/a2
mount --bind /mnt/t10 /mnt/t10/a3
mount --bind /mnt/t10 /mnt/t10/a4
mount --bind /mnt/t10 /mnt/t10/a5
mount --bind /mnt/t10 /mnt/t10/a6
mount --bind /mnt/t10 /mnt/t10/a7
mount --bind /mnt/t10 /mnt/t10/a8
mount --bind /mnt/t10 /mnt/t10/a9
mount --bind /mnt/t10 /mnt/t10/a10
mkdir -p /mnt/t9
mount -t tmpfs t9 /mnt/t9
mkdir -p /mnt/t9/a1 /mnt/t9/a2 /mnt/t9/a3 /mnt/t9/a4 /mnt/t9/a5 /mnt/t9/a6 /mnt/t9/a7 /mnt/t9/a8 /mnt/t9/a9
mount --make-shared /mnt/t9
mount --bind /mnt/t9 /mnt/t9/a1
mount --bind /mnt/t9 /mnt/t9/a2
mount --bind /mnt/t9 /mnt/t9/a3
mount --bind /mnt/t9 /mnt/t9/a4
mount --bind /mnt/t9 /mnt/t9/a5
mount --bind /mnt/t9 /mnt/t9/a6
mount --bind /mnt/t9 /mnt/t9/a7
mount --bind /mnt/t9 /mnt/t9/a8
mount --bind /mnt/t9 /mnt/t9/a9
mkdir -p /mnt/t7
mount -t tmpfs t7 /mnt/t7
mkdir -p /mnt/t7/a1 /mnt/t7/a2 /mnt/t7/a3 /mnt/t7/a4 /mnt/t7/a5 /mnt/t7/a6 /mnt/t7/a7
mount --make-shared /mnt/t7
mount --bind /mnt/t7 /mnt/t7/a1
mount --bind /mnt/t7 /mnt/t7/a2
mount --bind /mnt/t7 /mnt/t7/a3
mount --bind /mnt/t7 /mnt/t7/a4
mount --bind /mnt/t7 /mnt/t7/a5
mount --bind /mnt/t7 /mnt/t7/a6
mount --bind /mnt/t7 /mnt/t7/a7
mkdir -p /mnt/t1
mount -t tmpfs t1 /mnt/t1
mkdir -p /mnt/t1/a1
mount --make-shared /mnt/t1
mount --bind /mnt/t1 /mnt/t1/a1
# the namespace holds 99998 mounts
mount -t tmpfs p1 /mnt/p/1
mount -t tmpfs p2 /mnt/p/2
mount -t tmpfs p3 /mnt/p/3
umount /mnt/p/2
umount /mnt/p/1
mount --bind /mnt/rs /mnt/p/1
mount --bind /mnt/rs /mnt/p/2
mount --bind /mnt/rs /mnt/p/3
umount /mnt/p/2
umount /mnt/p/1
mount --rbind /mnt/rs /mnt/p/1
mount --rbind /mnt/rs /mnt/p/2
mount --rbind /mnt/rs /mnt/p/3
umount /mnt/p/2
umount /mnt/p/1
mount --move /mnt/m1 /mnt/dst/x
mount --move /mnt/m2 /mnt/dst/y
mount --move /mnt/m3 /mnt/dst/z
umount /mnt/m3
unshare -m
mount -t tmpfs q1 /mnt/p/1
unshare -m
mount -t tmpfs q2 /mnt/p/2
umount -l /mnt/t16
umount -l /mnt/t15
umount -l /mnt/t10
umount -l /mnt/t9
umount -l /mnt/t7
umount -l /mnt/t1
