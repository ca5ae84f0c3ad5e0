# Probe h: make-rshared on a tree where some mounts are already shared: fresh groups only for
#   those without one.
# source: docs/semantics.md §2.2 rule 3 (invent_group_ids).
# T (tmpfs at /mnt/t) with children A (shared, with a peer /mnt/ap) and B (private). Then
#   make-rshared T; finally a tmpfs x1 at /mnt/ap/x checks that A is still ap's peer.
# expected: T and B get new groups; A keeps its group (still ap's peer); x1 reaches t/a/x.
# observed on Linux 6.18.44-fc-v657: as expected: A keeps shared:1 (with ap); T gets shared:2, B shared:3 (new, in
#   preorder); x1 at ap/x reaches t/a/x (shared:4). 7 mounts.
mount -t tmpfs root /mnt
mkdir -p /mnt/t /mnt/ap
mount -t tmpfs T /mnt/t
mkdir -p /mnt/t/a /mnt/t/b
mount -t tmpfs A /mnt/t/a
mkdir -p /mnt/t/a/x
mount --make-shared /mnt/t/a
mount --bind /mnt/t/a /mnt/ap
mount -t tmpfs B /mnt/t/b
mount --make-rshared /mnt/t
mount -t tmpfs x1 /mnt/ap/x
