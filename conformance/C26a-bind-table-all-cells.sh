# every cell of the bind table: source type x destination type (shared, slave,
# shared-slave, private, unbindable), one private area per cell; the sources of rbind
# and move carry a child mount. Generated for semantic coverage (CoverageTargets).
mount -t tmpfs root /mnt
# cell 1: shared -> shared
mkdir -p /mnt/c1/s /mnt/c1/d /mnt/c1/hs /mnt/c1/hd
mount -t tmpfs c1s /mnt/c1/s
mount -t tmpfs c1d /mnt/c1/d
mount --make-shared /mnt/c1/s
mount --make-shared /mnt/c1/d
mount --bind /mnt/c1/s /mnt/c1/d
# cell 2: shared -> slave
mkdir -p /mnt/c2/s /mnt/c2/d /mnt/c2/hs /mnt/c2/hd
mount -t tmpfs c2s /mnt/c2/s
mount -t tmpfs c2d /mnt/c2/d
mount --make-shared /mnt/c2/s
mount --make-shared /mnt/c2/d
mount --bind /mnt/c2/d /mnt/c2/hd
mount --make-slave /mnt/c2/d
mount --bind /mnt/c2/s /mnt/c2/d
# cell 3: shared -> shared-slave
mkdir -p /mnt/c3/s /mnt/c3/d /mnt/c3/hs /mnt/c3/hd
mount -t tmpfs c3s /mnt/c3/s
mount -t tmpfs c3d /mnt/c3/d
mount --make-shared /mnt/c3/s
mount --make-shared /mnt/c3/d
mount --bind /mnt/c3/d /mnt/c3/hd
mount --make-slave /mnt/c3/d
mount --make-shared /mnt/c3/d
mount --bind /mnt/c3/s /mnt/c3/d
# cell 4: shared -> private
mkdir -p /mnt/c4/s /mnt/c4/d /mnt/c4/hs /mnt/c4/hd
mount -t tmpfs c4s /mnt/c4/s
mount -t tmpfs c4d /mnt/c4/d
mount --make-shared /mnt/c4/s
mount --bind /mnt/c4/s /mnt/c4/d
# cell 5: shared -> unbindable
mkdir -p /mnt/c5/s /mnt/c5/d /mnt/c5/hs /mnt/c5/hd
mount -t tmpfs c5s /mnt/c5/s
mount -t tmpfs c5d /mnt/c5/d
mount --make-shared /mnt/c5/s
mount --make-unbindable /mnt/c5/d
mount --bind /mnt/c5/s /mnt/c5/d
# cell 6: slave -> shared
mkdir -p /mnt/c6/s /mnt/c6/d /mnt/c6/hs /mnt/c6/hd
mount -t tmpfs c6s /mnt/c6/s
mount -t tmpfs c6d /mnt/c6/d
mount --make-shared /mnt/c6/s
mount --bind /mnt/c6/s /mnt/c6/hs
mount --make-slave /mnt/c6/s
mount --make-shared /mnt/c6/d
mount --bind /mnt/c6/s /mnt/c6/d
# cell 7: slave -> slave
mkdir -p /mnt/c7/s /mnt/c7/d /mnt/c7/hs /mnt/c7/hd
mount -t tmpfs c7s /mnt/c7/s
mount -t tmpfs c7d /mnt/c7/d
mount --make-shared /mnt/c7/s
mount --bind /mnt/c7/s /mnt/c7/hs
mount --make-slave /mnt/c7/s
mount --make-shared /mnt/c7/d
mount --bind /mnt/c7/d /mnt/c7/hd
mount --make-slave /mnt/c7/d
mount --bind /mnt/c7/s /mnt/c7/d
# cell 8: slave -> shared-slave
mkdir -p /mnt/c8/s /mnt/c8/d /mnt/c8/hs /mnt/c8/hd
mount -t tmpfs c8s /mnt/c8/s
mount -t tmpfs c8d /mnt/c8/d
mount --make-shared /mnt/c8/s
mount --bind /mnt/c8/s /mnt/c8/hs
mount --make-slave /mnt/c8/s
mount --make-shared /mnt/c8/d
mount --bind /mnt/c8/d /mnt/c8/hd
mount --make-slave /mnt/c8/d
mount --make-shared /mnt/c8/d
mount --bind /mnt/c8/s /mnt/c8/d
# cell 9: slave -> private
mkdir -p /mnt/c9/s /mnt/c9/d /mnt/c9/hs /mnt/c9/hd
mount -t tmpfs c9s /mnt/c9/s
mount -t tmpfs c9d /mnt/c9/d
mount --make-shared /mnt/c9/s
mount --bind /mnt/c9/s /mnt/c9/hs
mount --make-slave /mnt/c9/s
mount --bind /mnt/c9/s /mnt/c9/d
# cell 10: slave -> unbindable
mkdir -p /mnt/c10/s /mnt/c10/d /mnt/c10/hs /mnt/c10/hd
mount -t tmpfs c10s /mnt/c10/s
mount -t tmpfs c10d /mnt/c10/d
mount --make-shared /mnt/c10/s
mount --bind /mnt/c10/s /mnt/c10/hs
mount --make-slave /mnt/c10/s
mount --make-unbindable /mnt/c10/d
mount --bind /mnt/c10/s /mnt/c10/d
# cell 11: shared-slave -> shared
mkdir -p /mnt/c11/s /mnt/c11/d /mnt/c11/hs /mnt/c11/hd
mount -t tmpfs c11s /mnt/c11/s
mount -t tmpfs c11d /mnt/c11/d
mount --make-shared /mnt/c11/s
mount --bind /mnt/c11/s /mnt/c11/hs
mount --make-slave /mnt/c11/s
mount --make-shared /mnt/c11/s
mount --make-shared /mnt/c11/d
mount --bind /mnt/c11/s /mnt/c11/d
# cell 12: shared-slave -> slave
mkdir -p /mnt/c12/s /mnt/c12/d /mnt/c12/hs /mnt/c12/hd
mount -t tmpfs c12s /mnt/c12/s
mount -t tmpfs c12d /mnt/c12/d
mount --make-shared /mnt/c12/s
mount --bind /mnt/c12/s /mnt/c12/hs
mount --make-slave /mnt/c12/s
mount --make-shared /mnt/c12/s
mount --make-shared /mnt/c12/d
mount --bind /mnt/c12/d /mnt/c12/hd
mount --make-slave /mnt/c12/d
mount --bind /mnt/c12/s /mnt/c12/d
# cell 13: shared-slave -> shared-slave
mkdir -p /mnt/c13/s /mnt/c13/d /mnt/c13/hs /mnt/c13/hd
mount -t tmpfs c13s /mnt/c13/s
mount -t tmpfs c13d /mnt/c13/d
mount --make-shared /mnt/c13/s
mount --bind /mnt/c13/s /mnt/c13/hs
mount --make-slave /mnt/c13/s
mount --make-shared /mnt/c13/s
mount --make-shared /mnt/c13/d
mount --bind /mnt/c13/d /mnt/c13/hd
mount --make-slave /mnt/c13/d
mount --make-shared /mnt/c13/d
mount --bind /mnt/c13/s /mnt/c13/d
# cell 14: shared-slave -> private
mkdir -p /mnt/c14/s /mnt/c14/d /mnt/c14/hs /mnt/c14/hd
mount -t tmpfs c14s /mnt/c14/s
mount -t tmpfs c14d /mnt/c14/d
mount --make-shared /mnt/c14/s
mount --bind /mnt/c14/s /mnt/c14/hs
mount --make-slave /mnt/c14/s
mount --make-shared /mnt/c14/s
mount --bind /mnt/c14/s /mnt/c14/d
# cell 15: shared-slave -> unbindable
mkdir -p /mnt/c15/s /mnt/c15/d /mnt/c15/hs /mnt/c15/hd
mount -t tmpfs c15s /mnt/c15/s
mount -t tmpfs c15d /mnt/c15/d
mount --make-shared /mnt/c15/s
mount --bind /mnt/c15/s /mnt/c15/hs
mount --make-slave /mnt/c15/s
mount --make-shared /mnt/c15/s
mount --make-unbindable /mnt/c15/d
mount --bind /mnt/c15/s /mnt/c15/d
# cell 16: private -> shared
mkdir -p /mnt/c16/s /mnt/c16/d /mnt/c16/hs /mnt/c16/hd
mount -t tmpfs c16s /mnt/c16/s
mount -t tmpfs c16d /mnt/c16/d
mount --make-shared /mnt/c16/d
mount --bind /mnt/c16/s /mnt/c16/d
# cell 17: private -> slave
mkdir -p /mnt/c17/s /mnt/c17/d /mnt/c17/hs /mnt/c17/hd
mount -t tmpfs c17s /mnt/c17/s
mount -t tmpfs c17d /mnt/c17/d
mount --make-shared /mnt/c17/d
mount --bind /mnt/c17/d /mnt/c17/hd
mount --make-slave /mnt/c17/d
mount --bind /mnt/c17/s /mnt/c17/d
# cell 18: private -> shared-slave
mkdir -p /mnt/c18/s /mnt/c18/d /mnt/c18/hs /mnt/c18/hd
mount -t tmpfs c18s /mnt/c18/s
mount -t tmpfs c18d /mnt/c18/d
mount --make-shared /mnt/c18/d
mount --bind /mnt/c18/d /mnt/c18/hd
mount --make-slave /mnt/c18/d
mount --make-shared /mnt/c18/d
mount --bind /mnt/c18/s /mnt/c18/d
# cell 19: private -> private
mkdir -p /mnt/c19/s /mnt/c19/d /mnt/c19/hs /mnt/c19/hd
mount -t tmpfs c19s /mnt/c19/s
mount -t tmpfs c19d /mnt/c19/d
mount --bind /mnt/c19/s /mnt/c19/d
# cell 20: private -> unbindable
mkdir -p /mnt/c20/s /mnt/c20/d /mnt/c20/hs /mnt/c20/hd
mount -t tmpfs c20s /mnt/c20/s
mount -t tmpfs c20d /mnt/c20/d
mount --make-unbindable /mnt/c20/d
mount --bind /mnt/c20/s /mnt/c20/d
# cell 21: unbindable -> shared
mkdir -p /mnt/c21/s /mnt/c21/d /mnt/c21/hs /mnt/c21/hd
mount -t tmpfs c21s /mnt/c21/s
mount -t tmpfs c21d /mnt/c21/d
mount --make-unbindable /mnt/c21/s
mount --make-shared /mnt/c21/d
mount --bind /mnt/c21/s /mnt/c21/d
# cell 22: unbindable -> slave
mkdir -p /mnt/c22/s /mnt/c22/d /mnt/c22/hs /mnt/c22/hd
mount -t tmpfs c22s /mnt/c22/s
mount -t tmpfs c22d /mnt/c22/d
mount --make-unbindable /mnt/c22/s
mount --make-shared /mnt/c22/d
mount --bind /mnt/c22/d /mnt/c22/hd
mount --make-slave /mnt/c22/d
mount --bind /mnt/c22/s /mnt/c22/d
# cell 23: unbindable -> shared-slave
mkdir -p /mnt/c23/s /mnt/c23/d /mnt/c23/hs /mnt/c23/hd
mount -t tmpfs c23s /mnt/c23/s
mount -t tmpfs c23d /mnt/c23/d
mount --make-unbindable /mnt/c23/s
mount --make-shared /mnt/c23/d
mount --bind /mnt/c23/d /mnt/c23/hd
mount --make-slave /mnt/c23/d
mount --make-shared /mnt/c23/d
mount --bind /mnt/c23/s /mnt/c23/d
# cell 24: unbindable -> private
mkdir -p /mnt/c24/s /mnt/c24/d /mnt/c24/hs /mnt/c24/hd
mount -t tmpfs c24s /mnt/c24/s
mount -t tmpfs c24d /mnt/c24/d
mount --make-unbindable /mnt/c24/s
mount --bind /mnt/c24/s /mnt/c24/d
# cell 25: unbindable -> unbindable
mkdir -p /mnt/c25/s /mnt/c25/d /mnt/c25/hs /mnt/c25/hd
mount -t tmpfs c25s /mnt/c25/s
mount -t tmpfs c25d /mnt/c25/d
mount --make-unbindable /mnt/c25/s
mount --make-unbindable /mnt/c25/d
mount --bind /mnt/c25/s /mnt/c25/d
