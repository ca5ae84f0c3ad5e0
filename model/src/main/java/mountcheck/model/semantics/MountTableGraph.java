package mountcheck.model.semantics;

import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.MountGraph;

/**
 * The {@link MountGraph} view of a frozen {@link MountTable}, for propagate_umount. Ring and
 * slave-list steps cost O(log n): the table keeps every mount's position in its peer ring and its
 * master's slave list, so making the view costs nothing (the overlap family has a million peers in
 * one ring). With {@code detachedPeersHideSlaves} (KernelRule.DETACHED_PEER_HIDES_SLAVES) a mount
 * of an anonymous namespace shows no slaves, as propagation_next() skips them before 6.15.
 */
public final class MountTableGraph implements MountGraph {
  private final MountTable table;
  private final boolean detachedPeersHideSlaves;

  public MountTableGraph(MountTable table) {
    this(table, false);
  }

  public MountTableGraph(MountTable table, boolean detachedPeersHideSlaves) {
    this.table = table;
    this.detachedPeersHideSlaves = detachedPeersHideSlaves;
  }

  private boolean slavesHidden(int mount) {
    if (!detachedPeersHideSlaves) return false;
    int ns = table.mount(mount).namespace();
    return ns != 0 && table.namespace(ns).anonymous();
  }

  @Override
  public int nextPeer(int mount) {
    return table.nextPeer(mount);
  }

  @Override
  public int firstSlave(int mount) {
    if (slavesHidden(mount)) return NONE;
    int s = table.firstSlave(mount);
    return s == 0 ? NONE : s;
  }

  @Override
  public int lastSlave(int mount) {
    if (slavesHidden(mount)) return NONE;
    int s = table.lastSlave(mount);
    return s == 0 ? NONE : s;
  }

  @Override
  public int nextSlave(int mount) {
    int s = table.nextSlave(mount);
    return s == 0 ? NONE : s;
  }

  @Override
  public int parent(int mount) {
    return table.mount(mount).parent();
  }

  @Override
  public int mountpoint(int mount) {
    Mount m = table.mount(mount);
    return m.hasParent() ? m.mountpoint() : m.root();
  }

  @Override
  public int root(int mount) {
    return table.mount(mount).root();
  }

  @Override
  public int[] children(int mount) {
    return table.children(mount);
  }

  @Override
  public int lookup(int parent, int dentry) {
    return table.lookup(parent, dentry);
  }

  @Override
  public int group(int mount) {
    return table.mount(mount).group();
  }

  @Override
  public int master(int mount) {
    return table.mount(mount).master();
  }

  @Override
  public boolean locked(int mount) {
    return table.mount(mount).locked();
  }

  @Override
  public int[] peers(int mount) {
    Mount m = table.mount(mount);
    return m.shared() ? table.groupMembers(m.group()) : new int[] {mount};
  }

  @Override
  public int[] slaves(int mount) {
    if (slavesHidden(mount)) return new int[0];
    return table.slaves(mount);
  }

  @Override
  public int maxMountId() {
    return table.mountIdLimit() - 1;
  }
}
