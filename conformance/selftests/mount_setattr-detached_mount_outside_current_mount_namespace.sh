# selftest mount_setattr_idmapped, case "detached_mount_outside_current_mount_namespace": a detached
#   clone made before the caller unshared its mount namespace can still be idmapped.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c,
#   TEST_F(mount_setattr_idmapped, detached_mount_outside_current_mount_namespace);
#   docs/semantics.md §2.20.
# The fixture (FIXTURE_SETUP(mount_setattr_idmapped)) unshares a private mount namespace, mounts
#   tmpfs "testing" with MS_NOATIME | MS_NODEV on /tmp, /tmp/B, /tmp/B/BB, /mnt and /mnt/A, binds
#   /tmp recursively onto /mnt/A/AA, mounts a ramfs with nosuid too on /mnt/B, and loop-mounts an
#   ext4 image on /mnt/D. Here the test's /mnt is /mnt/m and its /tmp is /mnt/tmp, below a plain
#   tmpfs at /mnt; the ramfs and the ext4 are tmpfs mounts (labels "testing" and "ext4"). tmpfs
#   takes idmappings since 6.3 (ext4 since 5.12), so 6.1 refuses every idmapping of these stand-ins
#   with EINVAL (docs/semantics.md section 8.2, TMPFS_WITHOUT_IDMAP). The devpts on /tmp/B/BB and
#   the files whose ownership the tests read are left out (ownership is out of scope). The test
#   runs as root of the initial user namespace; the scenario runs in `unshare -Urm`, and its user
#   namespace descriptors (`mountfd userns`, the test's get_userns_fd()) are children of that one.
# The descriptor, opened before unshare(CLONE_NEWNS) ("unshare -m --propagation unchanged"),
#   follows the shell; the user namespace descriptor is made after it, as get_userns_fd() is.
# expected: the clone is the root of a detached tree, which do_mount_setattr() accepts from any
#   namespace (anon_ns_root()), and can_idmap_mount() lets it take the mapping; both descriptors
#   close (the clone is dissolved; the table is the copy of the fixture's). 6.1's tmpfs takes no
#   idmapping (EINVAL, TMPFS_WITHOUT_IDMAP; the test's ext4 would take it, so 6.1 is not
#   asserted); 5.10 has no mount_setattr (ENOSYS), where the test skips.
# assert-kernels: 6.12 host 7.2
# assert:
#   failures none
#   count /mnt/m 7
mount -t tmpfs root /mnt
mkdir -p /mnt/m /mnt/tmp
mount -t tmpfs -o noatime,nodev testing /mnt/tmp
mkdir -p /mnt/tmp/B
mount -t tmpfs -o noatime,nodev testing /mnt/tmp/B
mkdir -p /mnt/tmp/B/BB
mount -t tmpfs -o noatime,nodev testing /mnt/tmp/B/BB
mount -t tmpfs -o noatime,nodev testing /mnt/m
mkdir -p /mnt/m/A
mount -t tmpfs -o noatime,nodev testing /mnt/m/A
mkdir -p /mnt/m/A/AA
mount --rbind /mnt/tmp /mnt/m/A/AA
mkdir -p /mnt/m/B
mount -t tmpfs -o noatime,nodev,nosuid testing /mnt/m/B
mkdir -p /mnt/m/B/BB /mnt/m/C /mnt/m/D
mount -t tmpfs ext4 /mnt/m/D
# the test
mountfd open_tree t /mnt/m/D OPEN_TREE_CLONE
unshare -m --propagation unchanged
mountfd userns u
mountfd mount_setattr t attr_set=idmap userns=u
mountfd close u
mountfd close t
