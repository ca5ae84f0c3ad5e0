# property: model-agrees-with-kernel
# seed: 20261205
# shard: 0/1
# commands-before: 17
# commands-after: 7
# message: /mnt@2: peers: model {/mnt@2}, kernel -
# status: regression
# reproduce: ./mountcheck conform --seed 20261205 --runs 500 --time 3600.0 --timeout 20.0
# run: unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile' < counterexamples/model-agrees-with-kernel-1eea4518.sh

mount -t tmpfs a /mnt
mkdir -p /mnt/a
mount --make-shared /mnt
mount --bind /mnt /mnt/a
mount --make-slave /mnt/a
mount --bind /mnt/a /mnt/a
mountfd move_mount /mnt/a /mnt
