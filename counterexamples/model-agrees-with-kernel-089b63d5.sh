# property: model-agrees-with-kernel
# seed: 11
# commands-before: 10
# commands-after: 3
# message: failing lines: model none; kernel 3 EINVAL
# status: regression
# run: unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile' < counterexamples/model-agrees-with-kernel-089b63d5.sh

mount -t tmpfs a /mnt
umount /mnt
mount --bind /mnt /mnt
