# every cell of the make-X table: X in shared, slave, private, unbindable, applied to each
# type (shared and shared-slave with and without peers and slaves; a shared-slave also has a
# master), one private area per cell. Generated for semantic coverage (CoverageTargets).
mount -t tmpfs root /mnt
# cell 1: make-shared of shared
mkdir -p /mnt/c1/p /mnt/c1/m /mnt/c1/peer /mnt/c1/slave
mount -t tmpfs c1 /mnt/c1/p
mount --make-shared /mnt/c1/p
mount --make-shared /mnt/c1/p
# cell 2: make-shared of shared+peers
mkdir -p /mnt/c2/p /mnt/c2/m /mnt/c2/peer /mnt/c2/slave
mount -t tmpfs c2 /mnt/c2/p
mount --make-shared /mnt/c2/p
mount --bind /mnt/c2/p /mnt/c2/peer
mount --make-shared /mnt/c2/p
# cell 3: make-shared of shared+slaves
mkdir -p /mnt/c3/p /mnt/c3/m /mnt/c3/peer /mnt/c3/slave
mount -t tmpfs c3 /mnt/c3/p
mount --make-shared /mnt/c3/p
mount --bind /mnt/c3/p /mnt/c3/slave
mount --make-slave /mnt/c3/slave
mount --make-shared /mnt/c3/p
# cell 4: make-shared of shared+peers+slaves
mkdir -p /mnt/c4/p /mnt/c4/m /mnt/c4/peer /mnt/c4/slave
mount -t tmpfs c4 /mnt/c4/p
mount --make-shared /mnt/c4/p
mount --bind /mnt/c4/p /mnt/c4/peer
mount --bind /mnt/c4/p /mnt/c4/slave
mount --make-slave /mnt/c4/slave
mount --make-shared /mnt/c4/p
# cell 5: make-shared of shared-slave
mkdir -p /mnt/c5/p /mnt/c5/m /mnt/c5/peer /mnt/c5/slave
mount -t tmpfs c5 /mnt/c5/m
mount --make-shared /mnt/c5/m
mount --bind /mnt/c5/m /mnt/c5/p
mount --make-slave /mnt/c5/p
mount --make-shared /mnt/c5/p
mount --make-shared /mnt/c5/p
# cell 6: make-shared of shared-slave+peers
mkdir -p /mnt/c6/p /mnt/c6/m /mnt/c6/peer /mnt/c6/slave
mount -t tmpfs c6 /mnt/c6/m
mount --make-shared /mnt/c6/m
mount --bind /mnt/c6/m /mnt/c6/p
mount --make-slave /mnt/c6/p
mount --make-shared /mnt/c6/p
mount --bind /mnt/c6/p /mnt/c6/peer
mount --make-shared /mnt/c6/p
# cell 7: make-shared of shared-slave+slaves
mkdir -p /mnt/c7/p /mnt/c7/m /mnt/c7/peer /mnt/c7/slave
mount -t tmpfs c7 /mnt/c7/m
mount --make-shared /mnt/c7/m
mount --bind /mnt/c7/m /mnt/c7/p
mount --make-slave /mnt/c7/p
mount --make-shared /mnt/c7/p
mount --bind /mnt/c7/p /mnt/c7/slave
mount --make-slave /mnt/c7/slave
mount --make-shared /mnt/c7/p
# cell 8: make-shared of shared-slave+peers+slaves
mkdir -p /mnt/c8/p /mnt/c8/m /mnt/c8/peer /mnt/c8/slave
mount -t tmpfs c8 /mnt/c8/m
mount --make-shared /mnt/c8/m
mount --bind /mnt/c8/m /mnt/c8/p
mount --make-slave /mnt/c8/p
mount --make-shared /mnt/c8/p
mount --bind /mnt/c8/p /mnt/c8/peer
mount --bind /mnt/c8/p /mnt/c8/slave
mount --make-slave /mnt/c8/slave
mount --make-shared /mnt/c8/p
# cell 9: make-shared of slave
mkdir -p /mnt/c9/p /mnt/c9/m /mnt/c9/peer /mnt/c9/slave
mount -t tmpfs c9 /mnt/c9/m
mount --make-shared /mnt/c9/m
mount --bind /mnt/c9/m /mnt/c9/p
mount --make-slave /mnt/c9/p
mount --make-shared /mnt/c9/p
# cell 10: make-shared of private
mkdir -p /mnt/c10/p /mnt/c10/m /mnt/c10/peer /mnt/c10/slave
mount -t tmpfs c10 /mnt/c10/p
mount --make-shared /mnt/c10/p
# cell 11: make-shared of unbindable
mkdir -p /mnt/c11/p /mnt/c11/m /mnt/c11/peer /mnt/c11/slave
mount -t tmpfs c11 /mnt/c11/p
mount --make-unbindable /mnt/c11/p
mount --make-shared /mnt/c11/p
# cell 12: make-slave of shared
mkdir -p /mnt/c12/p /mnt/c12/m /mnt/c12/peer /mnt/c12/slave
mount -t tmpfs c12 /mnt/c12/p
mount --make-shared /mnt/c12/p
mount --make-slave /mnt/c12/p
# cell 13: make-slave of shared+peers
mkdir -p /mnt/c13/p /mnt/c13/m /mnt/c13/peer /mnt/c13/slave
mount -t tmpfs c13 /mnt/c13/p
mount --make-shared /mnt/c13/p
mount --bind /mnt/c13/p /mnt/c13/peer
mount --make-slave /mnt/c13/p
# cell 14: make-slave of shared+slaves
mkdir -p /mnt/c14/p /mnt/c14/m /mnt/c14/peer /mnt/c14/slave
mount -t tmpfs c14 /mnt/c14/p
mount --make-shared /mnt/c14/p
mount --bind /mnt/c14/p /mnt/c14/slave
mount --make-slave /mnt/c14/slave
mount --make-slave /mnt/c14/p
# cell 15: make-slave of shared+peers+slaves
mkdir -p /mnt/c15/p /mnt/c15/m /mnt/c15/peer /mnt/c15/slave
mount -t tmpfs c15 /mnt/c15/p
mount --make-shared /mnt/c15/p
mount --bind /mnt/c15/p /mnt/c15/peer
mount --bind /mnt/c15/p /mnt/c15/slave
mount --make-slave /mnt/c15/slave
mount --make-slave /mnt/c15/p
# cell 16: make-slave of shared-slave
mkdir -p /mnt/c16/p /mnt/c16/m /mnt/c16/peer /mnt/c16/slave
mount -t tmpfs c16 /mnt/c16/m
mount --make-shared /mnt/c16/m
mount --bind /mnt/c16/m /mnt/c16/p
mount --make-slave /mnt/c16/p
mount --make-shared /mnt/c16/p
mount --make-slave /mnt/c16/p
# cell 17: make-slave of shared-slave+peers
mkdir -p /mnt/c17/p /mnt/c17/m /mnt/c17/peer /mnt/c17/slave
mount -t tmpfs c17 /mnt/c17/m
mount --make-shared /mnt/c17/m
mount --bind /mnt/c17/m /mnt/c17/p
mount --make-slave /mnt/c17/p
mount --make-shared /mnt/c17/p
mount --bind /mnt/c17/p /mnt/c17/peer
mount --make-slave /mnt/c17/p
# cell 18: make-slave of shared-slave+slaves
mkdir -p /mnt/c18/p /mnt/c18/m /mnt/c18/peer /mnt/c18/slave
mount -t tmpfs c18 /mnt/c18/m
mount --make-shared /mnt/c18/m
mount --bind /mnt/c18/m /mnt/c18/p
mount --make-slave /mnt/c18/p
mount --make-shared /mnt/c18/p
mount --bind /mnt/c18/p /mnt/c18/slave
mount --make-slave /mnt/c18/slave
mount --make-slave /mnt/c18/p
# cell 19: make-slave of shared-slave+peers+slaves
mkdir -p /mnt/c19/p /mnt/c19/m /mnt/c19/peer /mnt/c19/slave
mount -t tmpfs c19 /mnt/c19/m
mount --make-shared /mnt/c19/m
mount --bind /mnt/c19/m /mnt/c19/p
mount --make-slave /mnt/c19/p
mount --make-shared /mnt/c19/p
mount --bind /mnt/c19/p /mnt/c19/peer
mount --bind /mnt/c19/p /mnt/c19/slave
mount --make-slave /mnt/c19/slave
mount --make-slave /mnt/c19/p
# cell 20: make-slave of slave
mkdir -p /mnt/c20/p /mnt/c20/m /mnt/c20/peer /mnt/c20/slave
mount -t tmpfs c20 /mnt/c20/m
mount --make-shared /mnt/c20/m
mount --bind /mnt/c20/m /mnt/c20/p
mount --make-slave /mnt/c20/p
mount --make-slave /mnt/c20/p
# cell 21: make-slave of private
mkdir -p /mnt/c21/p /mnt/c21/m /mnt/c21/peer /mnt/c21/slave
mount -t tmpfs c21 /mnt/c21/p
mount --make-slave /mnt/c21/p
# cell 22: make-slave of unbindable
mkdir -p /mnt/c22/p /mnt/c22/m /mnt/c22/peer /mnt/c22/slave
mount -t tmpfs c22 /mnt/c22/p
mount --make-unbindable /mnt/c22/p
mount --make-slave /mnt/c22/p
# cell 23: make-private of shared
mkdir -p /mnt/c23/p /mnt/c23/m /mnt/c23/peer /mnt/c23/slave
mount -t tmpfs c23 /mnt/c23/p
mount --make-shared /mnt/c23/p
mount --make-private /mnt/c23/p
# cell 24: make-private of shared+peers
mkdir -p /mnt/c24/p /mnt/c24/m /mnt/c24/peer /mnt/c24/slave
mount -t tmpfs c24 /mnt/c24/p
mount --make-shared /mnt/c24/p
mount --bind /mnt/c24/p /mnt/c24/peer
mount --make-private /mnt/c24/p
# cell 25: make-private of shared+slaves
mkdir -p /mnt/c25/p /mnt/c25/m /mnt/c25/peer /mnt/c25/slave
mount -t tmpfs c25 /mnt/c25/p
mount --make-shared /mnt/c25/p
mount --bind /mnt/c25/p /mnt/c25/slave
mount --make-slave /mnt/c25/slave
mount --make-private /mnt/c25/p
# cell 26: make-private of shared+peers+slaves
mkdir -p /mnt/c26/p /mnt/c26/m /mnt/c26/peer /mnt/c26/slave
mount -t tmpfs c26 /mnt/c26/p
mount --make-shared /mnt/c26/p
mount --bind /mnt/c26/p /mnt/c26/peer
mount --bind /mnt/c26/p /mnt/c26/slave
mount --make-slave /mnt/c26/slave
mount --make-private /mnt/c26/p
# cell 27: make-private of shared-slave
mkdir -p /mnt/c27/p /mnt/c27/m /mnt/c27/peer /mnt/c27/slave
mount -t tmpfs c27 /mnt/c27/m
mount --make-shared /mnt/c27/m
mount --bind /mnt/c27/m /mnt/c27/p
mount --make-slave /mnt/c27/p
mount --make-shared /mnt/c27/p
mount --make-private /mnt/c27/p
# cell 28: make-private of shared-slave+peers
mkdir -p /mnt/c28/p /mnt/c28/m /mnt/c28/peer /mnt/c28/slave
mount -t tmpfs c28 /mnt/c28/m
mount --make-shared /mnt/c28/m
mount --bind /mnt/c28/m /mnt/c28/p
mount --make-slave /mnt/c28/p
mount --make-shared /mnt/c28/p
mount --bind /mnt/c28/p /mnt/c28/peer
mount --make-private /mnt/c28/p
# cell 29: make-private of shared-slave+slaves
mkdir -p /mnt/c29/p /mnt/c29/m /mnt/c29/peer /mnt/c29/slave
mount -t tmpfs c29 /mnt/c29/m
mount --make-shared /mnt/c29/m
mount --bind /mnt/c29/m /mnt/c29/p
mount --make-slave /mnt/c29/p
mount --make-shared /mnt/c29/p
mount --bind /mnt/c29/p /mnt/c29/slave
mount --make-slave /mnt/c29/slave
mount --make-private /mnt/c29/p
# cell 30: make-private of shared-slave+peers+slaves
mkdir -p /mnt/c30/p /mnt/c30/m /mnt/c30/peer /mnt/c30/slave
mount -t tmpfs c30 /mnt/c30/m
mount --make-shared /mnt/c30/m
mount --bind /mnt/c30/m /mnt/c30/p
mount --make-slave /mnt/c30/p
mount --make-shared /mnt/c30/p
mount --bind /mnt/c30/p /mnt/c30/peer
mount --bind /mnt/c30/p /mnt/c30/slave
mount --make-slave /mnt/c30/slave
mount --make-private /mnt/c30/p
# cell 31: make-private of slave
mkdir -p /mnt/c31/p /mnt/c31/m /mnt/c31/peer /mnt/c31/slave
mount -t tmpfs c31 /mnt/c31/m
mount --make-shared /mnt/c31/m
mount --bind /mnt/c31/m /mnt/c31/p
mount --make-slave /mnt/c31/p
mount --make-private /mnt/c31/p
# cell 32: make-private of private
mkdir -p /mnt/c32/p /mnt/c32/m /mnt/c32/peer /mnt/c32/slave
mount -t tmpfs c32 /mnt/c32/p
mount --make-private /mnt/c32/p
# cell 33: make-private of unbindable
mkdir -p /mnt/c33/p /mnt/c33/m /mnt/c33/peer /mnt/c33/slave
mount -t tmpfs c33 /mnt/c33/p
mount --make-unbindable /mnt/c33/p
mount --make-private /mnt/c33/p
# cell 34: make-unbindable of shared
mkdir -p /mnt/c34/p /mnt/c34/m /mnt/c34/peer /mnt/c34/slave
mount -t tmpfs c34 /mnt/c34/p
mount --make-shared /mnt/c34/p
mount --make-unbindable /mnt/c34/p
# cell 35: make-unbindable of shared+peers
mkdir -p /mnt/c35/p /mnt/c35/m /mnt/c35/peer /mnt/c35/slave
mount -t tmpfs c35 /mnt/c35/p
mount --make-shared /mnt/c35/p
mount --bind /mnt/c35/p /mnt/c35/peer
mount --make-unbindable /mnt/c35/p
# cell 36: make-unbindable of shared+slaves
mkdir -p /mnt/c36/p /mnt/c36/m /mnt/c36/peer /mnt/c36/slave
mount -t tmpfs c36 /mnt/c36/p
mount --make-shared /mnt/c36/p
mount --bind /mnt/c36/p /mnt/c36/slave
mount --make-slave /mnt/c36/slave
mount --make-unbindable /mnt/c36/p
# cell 37: make-unbindable of shared+peers+slaves
mkdir -p /mnt/c37/p /mnt/c37/m /mnt/c37/peer /mnt/c37/slave
mount -t tmpfs c37 /mnt/c37/p
mount --make-shared /mnt/c37/p
mount --bind /mnt/c37/p /mnt/c37/peer
mount --bind /mnt/c37/p /mnt/c37/slave
mount --make-slave /mnt/c37/slave
mount --make-unbindable /mnt/c37/p
# cell 38: make-unbindable of shared-slave
mkdir -p /mnt/c38/p /mnt/c38/m /mnt/c38/peer /mnt/c38/slave
mount -t tmpfs c38 /mnt/c38/m
mount --make-shared /mnt/c38/m
mount --bind /mnt/c38/m /mnt/c38/p
mount --make-slave /mnt/c38/p
mount --make-shared /mnt/c38/p
mount --make-unbindable /mnt/c38/p
# cell 39: make-unbindable of shared-slave+peers
mkdir -p /mnt/c39/p /mnt/c39/m /mnt/c39/peer /mnt/c39/slave
mount -t tmpfs c39 /mnt/c39/m
mount --make-shared /mnt/c39/m
mount --bind /mnt/c39/m /mnt/c39/p
mount --make-slave /mnt/c39/p
mount --make-shared /mnt/c39/p
mount --bind /mnt/c39/p /mnt/c39/peer
mount --make-unbindable /mnt/c39/p
# cell 40: make-unbindable of shared-slave+slaves
mkdir -p /mnt/c40/p /mnt/c40/m /mnt/c40/peer /mnt/c40/slave
mount -t tmpfs c40 /mnt/c40/m
mount --make-shared /mnt/c40/m
mount --bind /mnt/c40/m /mnt/c40/p
mount --make-slave /mnt/c40/p
mount --make-shared /mnt/c40/p
mount --bind /mnt/c40/p /mnt/c40/slave
mount --make-slave /mnt/c40/slave
mount --make-unbindable /mnt/c40/p
# cell 41: make-unbindable of shared-slave+peers+slaves
mkdir -p /mnt/c41/p /mnt/c41/m /mnt/c41/peer /mnt/c41/slave
mount -t tmpfs c41 /mnt/c41/m
mount --make-shared /mnt/c41/m
mount --bind /mnt/c41/m /mnt/c41/p
mount --make-slave /mnt/c41/p
mount --make-shared /mnt/c41/p
mount --bind /mnt/c41/p /mnt/c41/peer
mount --bind /mnt/c41/p /mnt/c41/slave
mount --make-slave /mnt/c41/slave
mount --make-unbindable /mnt/c41/p
# cell 42: make-unbindable of slave
mkdir -p /mnt/c42/p /mnt/c42/m /mnt/c42/peer /mnt/c42/slave
mount -t tmpfs c42 /mnt/c42/m
mount --make-shared /mnt/c42/m
mount --bind /mnt/c42/m /mnt/c42/p
mount --make-slave /mnt/c42/p
mount --make-unbindable /mnt/c42/p
# cell 43: make-unbindable of private
mkdir -p /mnt/c43/p /mnt/c43/m /mnt/c43/peer /mnt/c43/slave
mount -t tmpfs c43 /mnt/c43/p
mount --make-unbindable /mnt/c43/p
# cell 44: make-unbindable of unbindable
mkdir -p /mnt/c44/p /mnt/c44/m /mnt/c44/peer /mnt/c44/slave
mount -t tmpfs c44 /mnt/c44/p
mount --make-unbindable /mnt/c44/p
mount --make-unbindable /mnt/c44/p
