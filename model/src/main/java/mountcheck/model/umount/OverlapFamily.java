package mountcheck.model.umount;

import java.util.List;

/**
 * The overlapping propagation tree of 296990deb389 ("Make propagate_umount less slow for
 * overlapping mount propagation trees"), built directly rather than by running the commands:
 *
 * <pre>
 * mount -t tmpfs zdtm /mnt; mkdir -p /mnt/1 /mnt/2; mount -t tmpfs zdtm /mnt/1
 * mount --make-shared /mnt/1; mkdir /mnt/1/1
 * N times: mount --bind /mnt/1/1 /mnt/1/1
 * mount --rbind /mnt/1 /mnt/2
 * </pre>
 *
 * <p>Each bind puts one new peer on /mnt/1/1 of every member of the group, tucked under the
 * member's existing mount there, so the binds leave a chain of 2^N peers: /mnt/1 (root "/"), then
 * 2^N - 1 mounts of "/1", each on the root of the one below except the first, which sits on "1" of
 * /mnt/1. The rbind copies the chain to /mnt/2 in the same peer group: 2^(N+1) + 1 mounts with
 * /mnt. {@link #firstChain()} is the U of {@code umount -l /mnt/1}; the kernel leaves only /mnt and
 * /mnt/2 after it (docs/measurements.md §1).
 *
 * <p>Ids: 1 is /mnt; the first chain is 2 .. 2^N + 1 bottom up, the second chain follows. The peer
 * ring runs in id order. Every query is O(1) arithmetic; nothing is stored per mount.
 */
public final class OverlapFamily implements MountGraph {
  /** Dentries: root, "1" and "2" of /mnt's tmpfs; root and "1" of the shared tmpfs. */
  public static final int MNT_ROOT = 1;

  public static final int MNT_DIR_1 = 2;
  public static final int MNT_DIR_2 = 3;
  public static final int SHARED_ROOT = 4;
  public static final int SHARED_DIR_1 = 5;

  /** The mount at /mnt. */
  public static final int MNT = 1;

  private final int n;
  private final int chainLength;

  public OverlapFamily(int n) {
    if (n < 0 || n > 28) {
      throw new IllegalArgumentException("overlap family: N must be in 0..28, got " + n);
    }
    this.n = n;
    this.chainLength = 1 << n;
  }

  public int n() {
    return n;
  }

  /** Mounts in the namespace: 2^(N+1) + 1. */
  public int mountCount() {
    return 2 * chainLength + 1;
  }

  /** Bottom of the first chain: the mount at /mnt/1. */
  public int firstRoot() {
    return 2;
  }

  /** Bottom of the second chain: the mount at /mnt/2. */
  public int secondRoot() {
    return 2 + chainLength;
  }

  /** U of {@code umount -l /mnt/1}: the first chain in preorder (bottom first). */
  public List<Integer> firstChain() {
    IntList chain = new IntList(chainLength);
    for (int i = 0; i < chainLength; i++) {
      chain.add(firstRoot() + i);
    }
    return chain.freeze();
  }

  private boolean inChain(int m) {
    return m >= 2 && m <= mountCount();
  }

  private boolean isChainBottom(int m) {
    return m == firstRoot() || m == secondRoot();
  }

  private boolean isChainTop(int m) {
    return m == secondRoot() - 1 || m == mountCount();
  }

  @Override
  public int parent(int m) {
    if (isChainBottom(m)) {
      return MNT;
    }
    return inChain(m) ? m - 1 : NONE;
  }

  @Override
  public int mountpoint(int m) {
    if (m == firstRoot()) {
      return MNT_DIR_1;
    }
    if (m == secondRoot()) {
      return MNT_DIR_2;
    }
    return inChain(m) ? SHARED_DIR_1 : MNT_ROOT;
  }

  @Override
  public int root(int m) {
    if (m == MNT) {
      return MNT_ROOT;
    }
    return isChainBottom(m) ? SHARED_ROOT : SHARED_DIR_1;
  }

  @Override
  public int[] children(int m) {
    if (m == MNT) {
      return new int[] {firstRoot(), secondRoot()};
    }
    return inChain(m) && !isChainTop(m) ? new int[] {m + 1} : new int[0];
  }

  @Override
  public int lookup(int parent, int dentry) {
    if (parent == MNT) {
      return dentry == MNT_DIR_1 ? firstRoot() : dentry == MNT_DIR_2 ? secondRoot() : NONE;
    }
    return inChain(parent) && !isChainTop(parent) && dentry == SHARED_DIR_1 ? parent + 1 : NONE;
  }

  @Override
  public int group(int m) {
    return inChain(m) ? 1 : 0;
  }

  @Override
  public int master(int m) {
    return NONE;
  }

  @Override
  public boolean locked(int m) {
    return false;
  }

  /** The whole ring of 2^(N+1) peers; walks use {@link #nextPeer} instead. */
  @Override
  public int[] peers(int m) {
    if (!inChain(m)) {
      return new int[] {m};
    }
    int[] ring = new int[2 * chainLength];
    for (int i = 0; i < ring.length; i++) {
      ring[i] = 2 + (m - 2 + i) % ring.length;
    }
    return ring;
  }

  @Override
  public int[] slaves(int m) {
    return new int[0];
  }

  @Override
  public int nextPeer(int m) {
    if (!inChain(m)) {
      return m;
    }
    return m == mountCount() ? 2 : m + 1;
  }

  @Override
  public int firstSlave(int m) {
    return NONE;
  }

  @Override
  public int lastSlave(int m) {
    return NONE;
  }

  @Override
  public int nextSlave(int m) {
    return NONE;
  }

  @Override
  public int maxMountId() {
    return mountCount();
  }
}
