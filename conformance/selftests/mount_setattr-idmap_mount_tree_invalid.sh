# selftest mount_setattr_idmapped, case "idmap_mount_tree_invalid": idmapping a tree that holds
#   a mount which cannot take the idmapping fails, and no mount of the tree is changed.
# source: Linux tools/testing/selftests/mount_setattr/mount_setattr_test.c,
#   TEST_F(mount_setattr_idmapped, idmap_mount_tree_invalid).
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
# The test mounts a ramfs (no FS_ALLOW_IDMAP) over /mnt/A, binds /tmp recursively onto
#   /mnt/A/AA in it and clones /mnt/A recursively. ramfs is not in the language; the mount over
#   /mnt/A that cannot take the idmapping is here an idmapped clone of /mnt/D (lines 51-54):
#   can_idmap_mount() refuses an idmapped mount (EPERM) where the test's ramfs is EINVAL.
# expected: the recursive clone's idmapping fails (line 60; the test asserts only the failure)
#   and changes none of its mounts: mount_setattr_prepare() checks every mount before any
#   changes. The test reads the files' owners through the descriptor; here the clone is attached
#   at /tmp/target1 (line 62) and mountinfo shows only its root idmapped, as the copy of an
#   idmapped mount, and the tmpfs mounts below it not. 6.1's tmpfs takes no idmapping (EINVAL on
#   lines 53 and 60), 5.10 has no mount_setattr (ENOSYS), where the test skips.
# assert-kernels: 6.12 host 7.2
# assert:
#   failures 60:*
#   count /mnt/tmp/target1 4
#   top /mnt/tmp/target1 options rw,relatime,idmapped
#   all /mnt/tmp/target1/AA options rw,nodev,noatime
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on the host, 6.12 and 7.2 (EPERM); 6.1 answers EINVAL (tmpfs) and 5.10 ENOSYS (recorded, not
#   asserted).
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
mountfd open_tree d /mnt/m/D OPEN_TREE_CLONE
mountfd userns w
mountfd mount_setattr d attr_set=idmap userns=w
mountfd move_mount d /mnt/m/A
mountfd close w
mkdir -p /mnt/m/A/AA /mnt/tmp/target1
mount --rbind /mnt/tmp /mnt/m/A/AA
mountfd open_tree t /mnt/m/A OPEN_TREE_CLONE AT_RECURSIVE
mountfd userns u
mountfd mount_setattr t attr_set=idmap userns=u
mountfd close u
mountfd move_mount t /mnt/tmp/target1
