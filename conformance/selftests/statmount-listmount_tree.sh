# selftest statmount, case "listmount tree": a recursively shared root bound onto itself 4 times.
# source: Linux tools/testing/selftests/filesystems/statmount/statmount_test.c (statmount and
#   listmount, v6.8), its setup_namespace(): in a new user and mount namespace made recursively
#   private, a temporary directory /tmp/statmount_test_root.XXXXXX is bound onto itself and the
#   test chroots into it. Here the directory is /mnt/statmount_test_root, a directory of the
#   tmpfs at /mnt, and "the mounts listmount sees from the root" are the rows at or below it.
#   statmount's fields map onto mountinfo's: mnt_parent_id is the parent id, mnt_root the root
#   field, mnt_propagation the optional fields.
# expected: after making the root recursively shared and binding "/" onto "/" four times (each
#   bind propagates to every peer in the stack), listmount lists 1 << 4 = 16 mounts; listing
#   them 3 at a time gives the same 16 (paging is out of scope). All 16 are peers.
# assert:
#   failures none
#   count /mnt/statmount_test_root 16
#   at /mnt/statmount_test_root 16
#   one-group /mnt/statmount_test_root
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted.
mount -t tmpfs root /mnt
mkdir -p /mnt/statmount_test_root
mount --bind /mnt/statmount_test_root /mnt/statmount_test_root
mount --make-rshared /mnt/statmount_test_root
mount --bind /mnt/statmount_test_root /mnt/statmount_test_root
mount --bind /mnt/statmount_test_root /mnt/statmount_test_root
mount --bind /mnt/statmount_test_root /mnt/statmount_test_root
mount --bind /mnt/statmount_test_root /mnt/statmount_test_root
