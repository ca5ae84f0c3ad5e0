package mountcheck.properties.catalogue;

import mountcheck.model.umount.MountGraph;

/**
 * The same graph with children, peer rings and slave lists in another order (rotated by a
 * per-list offset derived from a seed, and reversed when the seed says so): results of
 * propagate_umount must not depend on these orders.
 */
final class PermutedGraph implements MountGraph {
  private final MountGraph g;
  private final long seed;

  PermutedGraph(MountGraph g, long seed) {
    this.g = g;
    this.seed = seed;
  }

  private int[] permute(int[] a, int salt) {
    if (a.length < 2) return a;
    long h = (seed * 0x9E3779B97F4A7C15L) ^ (salt * 0xC2B2AE3D27D4EB4FL);
    int rot = (int) Math.floorMod(h >>> 7, (long) a.length);
    boolean reverse = ((h >>> 3) & 1) == 1;
    int[] out = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      int j = (i + rot) % a.length;
      out[reverse ? a.length - 1 - i : i] = a[j];
    }
    return out;
  }

  @Override
  public int parent(int mount) {
    return g.parent(mount);
  }

  @Override
  public int mountpoint(int mount) {
    return g.mountpoint(mount);
  }

  @Override
  public int root(int mount) {
    return g.root(mount);
  }

  @Override
  public int[] children(int mount) {
    return permute(g.children(mount), mount);
  }

  @Override
  public int lookup(int parent, int dentry) {
    return g.lookup(parent, dentry);
  }

  @Override
  public int group(int mount) {
    return g.group(mount);
  }

  @Override
  public int master(int mount) {
    return g.master(mount);
  }

  @Override
  public boolean locked(int mount) {
    return g.locked(mount);
  }

  @Override
  public int[] peers(int mount) {
    int group = g.group(mount);
    return permute(g.peers(mount), group == 0 ? -mount : group + 1_000_003);
  }

  @Override
  public int[] slaves(int mount) {
    return permute(g.slaves(mount), mount + 2_000_003);
  }

  @Override
  public int maxMountId() {
    return g.maxMountId();
  }
}
