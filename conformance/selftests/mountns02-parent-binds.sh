# selftest LTP mountns02, case 1: private A; the parent binds B onto A, the child does not see it.
# source: LTP testcases/kernel/containers/mountns/mountns02.c (linux-test-project/ltp). LTP's
#   directories LTP_DIR_A and LTP_DIR_B (with files A and B) are /mnt/LTP_DIR_A and
#   /mnt/LTP_DIR_B; A is bound onto itself first. LTP's parent X is the shell; its child Y, made
#   by clone(CLONE_NEWNS) in the same user namespace (a plain kernel copy of the table), is the
#   named namespace /mnt/ns/child, made with unshare --propagation unchanged (no util-linux
#   make-rprivate step) and acting through nsenter. "Sees A/B" means: the topmost mount at
#   /mnt/LTP_DIR_A in that namespace is the bind of B (root /LTP_DIR_B). The scenario stops at
#   the test's check; LTP's umount of A afterwards is cleanup.
# expected: nothing propagates from a private mount: the child still sees A/A, not A/B.
# assert:
#   failures none
#   top /mnt/LTP_DIR_A root /LTP_DIR_B
#   in /mnt/ns/child top /mnt/LTP_DIR_A root /LTP_DIR_A
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted.
mount -t tmpfs root /mnt
mkdir -p /mnt/ns /mnt/LTP_DIR_A /mnt/LTP_DIR_B
mount --bind /mnt/ns /mnt/ns
mount --make-private /mnt/ns
touch /mnt/ns/child /mnt/LTP_DIR_A/A /mnt/LTP_DIR_B/B
mount --bind /mnt/LTP_DIR_A /mnt/LTP_DIR_A
mount --make-private /mnt/LTP_DIR_A
unshare -m --propagation unchanged --mount=/mnt/ns/child true
mount --bind /mnt/LTP_DIR_B /mnt/LTP_DIR_A
