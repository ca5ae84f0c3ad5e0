# selftest statmount, case "statmount mnt basic": the root bind's parent and propagation.
# source: Linux tools/testing/selftests/filesystems/statmount/statmount_test.c (statmount and
#   listmount, v6.8), its setup_namespace(): in a new user and mount namespace made recursively
#   private, a temporary directory /tmp/statmount_test_root.XXXXXX is bound onto itself and the
#   test chroots into it. Here the directory is /mnt/statmount_test_root, a directory of the
#   tmpfs at /mnt, and "the mounts listmount sees from the root" are the rows at or below it.
#   statmount's fields map onto mountinfo's: mnt_parent_id is the parent id, mnt_root the root
#   field, mnt_propagation the optional fields.
# expected: statmount(STATMOUNT_MNT_BASIC) of the root bind gives as parent the mount that holds
#   the temporary directory (here the tmpfs at /mnt) and propagation MS_PRIVATE (the namespace
#   was made private, and a bind of a private mount is private). The ids themselves (old and
#   unique) are out of scope: the comparison canonicalises mount ids.
# assert:
#   failures none
#   top /mnt/statmount_test_root parent /mnt
#   top /mnt/statmount_test_root private
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted.
mount -t tmpfs root /mnt
mkdir -p /mnt/statmount_test_root
mount --bind /mnt/statmount_test_root /mnt/statmount_test_root
