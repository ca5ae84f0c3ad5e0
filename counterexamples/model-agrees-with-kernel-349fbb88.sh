# property: model-agrees-with-kernel
# seed: 20261205
# shard: 0/1
# commands-before: 17
# commands-after: 2
# message: failing lines: model none; kernel 2 EPERM
# status: regression
# reproduce: ./mountcheck conform --seed 20261205 --runs 500 --time 3600.0 --timeout 20.0
# run: unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile' < counterexamples/model-agrees-with-kernel-349fbb88.sh

chroot /mnt
mountfd userns n
