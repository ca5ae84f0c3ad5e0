# property: model-agrees-with-kernel
# seed: 20261205
# shard: 0/1
# commands-before: 6
# commands-after: 1
# message: failing lines: model 1 EBUSY; kernel 1 EINVAL
# status: regression
# reproduce: ./mountcheck conform --seed 20261205 --runs 500 --time 3600.0 --timeout 20.0
# run: unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile' < counterexamples/model-agrees-with-kernel-d6fb8ec5.sh

pivot_root /mnt /mnt
