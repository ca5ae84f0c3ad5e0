# Eric Biederman's "pathological.sh" (2017).
#
# From commit 570487d3faf2 "mnt: Fix propagate_umount so it is not pathologically slow ...",
# whose message gives this script and the expected mount table (docs/semantics.md §3.4, §6
# C15). It mixes the two things that made propagate_umount() hard: a shared mount bound
# onto itself, and stacks of mounts that propagation tucks under each other.
#
# 1. /mnt/1 is bound onto itself and made shared; bound to /mnt/2, it gets a peer.
# 2. /mnt/1/1 is bound onto itself twice. Each bind goes on top of the stack at /mnt/1/1 and is
#    propagated to every peer, including the mounts already stacked there; where a copy lands
#    on a place that already has a mount, the copy is slid under it ("tucked"). Result: three
#    mounts stacked at /mnt/1/1 and three at /mnt/2/1, all in /mnt/1's peer group, some with
#    a parent that was created after them (ids 63-71 on 6.18: e.g. 66 has parent 71).
# 3. `umount /mnt/1/1` removes the top of the /mnt/1/1 stack; propagation must then remove
#    everything that was stacked at /mnt/1/1 and /mnt/2/1.
#
# Expected after the umount (the commit message, and Linux 6.18.44-fc-v657): only /mnt, /mnt/1 and
# /mnt/2 remain (3 mounts). Kernels before the fix left some of the stacked mounts behind.
mount -t tmpfs test-base /mnt
mkdir -p /mnt/1 /mnt/2 /mnt/1/1
mount --bind /mnt/1 /mnt/1
mount --make-shared /mnt/1
mount --bind /mnt/1 /mnt/2
mount --bind /mnt/1/1 /mnt/1/1
mount --bind /mnt/1/1 /mnt/1/1
umount /mnt/1/1
