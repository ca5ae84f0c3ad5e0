# selftest statmount, case "listmount empty root": from the chrooted bind, listmount sees one mount.
# source: Linux tools/testing/selftests/filesystems/statmount/statmount_test.c (statmount and
#   listmount, v6.8), its setup_namespace(): in a new user and mount namespace made recursively
#   private, a temporary directory /tmp/statmount_test_root.XXXXXX is bound onto itself and the
#   test chroots into it. Here the directory is /mnt/statmount_test_root, a directory of the
#   tmpfs at /mnt, and "the mounts listmount sees from the root" are the rows at or below it.
#   statmount's fields map onto mountinfo's: mnt_parent_id is the parent id, mnt_root the root
#   field, mnt_propagation the optional fields.
# expected: listmount(LSMT_ROOT) returns exactly one id, the root's (the bind itself).
# assert:
#   failures none
#   count /mnt/statmount_test_root 1
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted.
mount -t tmpfs root /mnt
mkdir -p /mnt/statmount_test_root
mount --bind /mnt/statmount_test_root /mnt/statmount_test_root
