# C29 A propagated copy tucked under a locked mount in a less privileged namespace: does the copy
#   take over the lock (the newest trees' attach_recursive_mnt() lets a tucked copy take the lock
#   of the mount it slides under)?
# source: attach_recursive_mnt() tucking (1064f874abc0, v4.11), lock_mnt_tree(),
#   has_locked_children() (fs/namespace.c); docs/semantics.md §2.5 step 7, §2.9 and §6 C29;
#   conformance/probes/b-tuck-under-locked.sh (why a single chain of namespaces cannot build it).
# The host's /mnt/s/z (tmpfs T, shared) holds U at u; /mnt/s/z2 is a plain bind of T without U.
#   Namespace c (-Urm, --propagation unchanged) gets slave copies, U' locked there. A mount on
#   /mnt/s/z2/u propagates to T (tucked under U) and to c's T' (tucked under the locked U').
# expected on 6.18: the copy in c is not locked: the bind of /mnt/s/z in c, EINVAL before
#   (U' is a locked child), works after the tuck; kernels that move the lock
#   would refuse it. U' itself stays locked.
# observed on Linux 6.18.44-fc-v1045: EINVAL: lines 30 (bind covering the locked U') and 33
#   (umount of U'); line 32 works: the tucked copy of N is not locked on 6.18. c shows N at
#   /mnt/s/z2/u and under U' at /mnt/s/z/u.
# kernels: 7.2 also refuses line 32 (EINVAL: its tucked copy of N is locked); 5.10-6.12 answer as 6.18
mount -t tmpfs top /mnt
mkdir -p /mnt/ns /mnt/s
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/c
mount -t tmpfs S /mnt/s
mount --make-shared /mnt/s
mkdir -p /mnt/s/z /mnt/s/z2 /mnt/s/b
mount -t tmpfs T /mnt/s/z
mkdir -p /mnt/s/z/u
mount -t tmpfs U /mnt/s/z/u
mount --bind /mnt/s/z /mnt/s/z2
unshare -Urm --propagation unchanged --mount=/mnt/ns/c true
nsenter --mount=/mnt/ns/c mount --bind /mnt/s/z /mnt/s/b
mount -t tmpfs N /mnt/s/z2/u
nsenter --mount=/mnt/ns/c mount --bind /mnt/s/z /mnt/s/b
nsenter --mount=/mnt/ns/c umount /mnt/s/z/u
