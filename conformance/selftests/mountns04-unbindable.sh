# selftest LTP mountns04: an unbindable mount cannot be bound.
# source: LTP testcases/kernel/containers/mountns/mountns04.c (linux-test-project/ltp). LTP's
#   directories LTP_DIR_A and LTP_DIR_B are /mnt/LTP_DIR_A and /mnt/LTP_DIR_B; LTP works in a
#   private copy of its namespace, as the scenario does below its private tmpfs at /mnt.
# expected: A bound onto itself and made unbindable; mount(A, B, MS_BIND) fails (the test passes
#   when it returns -1; the kernel's errno is EINVAL, do_loopback()); B stays unmounted.
# assert:
#   failures 18:EINVAL
#   at /mnt/LTP_DIR_B 0
#   top /mnt/LTP_DIR_A unbindable
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted.
mount -t tmpfs root /mnt
mkdir -p /mnt/LTP_DIR_A /mnt/LTP_DIR_B
touch /mnt/LTP_DIR_A/A /mnt/LTP_DIR_B/B
mount --bind /mnt/LTP_DIR_A /mnt/LTP_DIR_A
mount --make-unbindable /mnt/LTP_DIR_A
# LTP's check
mount --bind /mnt/LTP_DIR_A /mnt/LTP_DIR_B
