# selftest mount, nosymfollow-test.c, "with nosymfollow": the mount carries the nosymfollow flag.
# source: Linux tools/testing/selftests/mount/nosymfollow-test.c (MS_NOSYMFOLLOW, v5.10,
#   dab741e0e02b).
# The test mounts a tmpfs on a temporary directory, with or without MS_NOSYMFOLLOW, makes a
#   symlink in it and checks following it (open, realpath, readlink) and statfs()'s f_flags.
#   Following symlinks is not part of the mount table and stays out of scope; ST_NOSYMFOLLOW in
#   statfs() is the mount's flag, which mountinfo prints as "nosymfollow". Here the directory is
#   /mnt/tmpfs.
# expected: the mount works and its flags show nosymfollow (statfs's ST_NOSYMFOLLOW).
# assert:
#   failures none
#   top /mnt/tmpfs options rw,relatime,nosymfollow
# observed on Linux 6.18.44-fc-v1272 (host), 5.10.0-32, 6.1.0-50, 6.12.117 and 7.2.13: as asserted
#   on all five.
mount -t tmpfs root /mnt
mkdir -p /mnt/tmpfs
mount -t tmpfs -o nosymfollow test_tmpfs /mnt/tmpfs
touch /mnt/tmpfs/data
