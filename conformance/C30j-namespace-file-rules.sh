# C30j Where a namespace file may be mounted, and regular files as mount points.
# source: do_loopback()'s mnt_ns_loop(), copy_tree() without CL_COPY_MNT_NS_FILE (commit
#   4ce5d2b1a8fd), graft_tree()'s directory/file check, do_move_mount() (fs/namespace.c);
#   unshare(1) ("the file must be on a non-shared mount"); docs/semantics.md §2.11, §6 C30.
# expected: --mount= onto a missing file ENOENT, onto a directory ENOTDIR, onto a file under
#   a shared mount EINVAL; a bind of c onto another private file works, onto a shared place
#   EINVAL; rbind of the holder copies both namespace files; a tmpfs or a directory onto a file
#   ENOTDIR; a file onto a directory ENOTDIR; move of a file mount onto a directory EINVAL;
#   mkdir -p over a file EEXIST and through a file ENOTDIR; nsenter through a plain file EINVAL.
# observed on Linux 6.18.44-fc-v1045: ENOENT: line 23; ENOTDIR: 24, 29, 30, 31, 34; EINVAL: 25,
#   27, 32, 35; EEXIST: 33; lines 26 and 28 work (the rbind copies both namespace files).
# kernels: recorded on the guest kernels too (conformance/kernels/K/), as every case is
mount -t tmpfs host /mnt
mkdir -p /mnt/ns /mnt/sh /mnt/copy /mnt/d
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
mount -t tmpfs sh /mnt/sh
mount --make-shared /mnt/sh
mkdir -p /mnt/sh/peer
mount --bind /mnt/sh /mnt/sh/peer
touch /mnt/ns/c /mnt/ns/c2 /mnt/sh/f /mnt/f
unshare -m --mount=/mnt/ns/c true
unshare -m --mount=/mnt/ns/missing true
unshare -m --mount=/mnt/d true
unshare -m --mount=/mnt/sh/f true
mount --bind /mnt/ns/c /mnt/ns/c2
mount --bind /mnt/ns/c /mnt/sh/f
mount --rbind /mnt/ns /mnt/copy
mount -t tmpfs x /mnt/f
mount --bind /mnt/d /mnt/f
mount --bind /mnt/f /mnt/d
mount --move /mnt/ns/c2 /mnt/d
mkdir -p /mnt/f
mkdir -p /mnt/f/x
nsenter --mount=/mnt/f mkdir -p /mnt/x
