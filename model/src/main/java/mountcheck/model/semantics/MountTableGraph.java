package mountcheck.model.semantics;

import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.MountGraph;

/**
 * The {@link MountGraph} view of a frozen {@link MountTable}, for propagate_umount. Ring and
 * slave-list steps are O(1): positions in the peer rings and slave lists are indexed once, when
 * the view is made (the overlap family has a million peers in one ring).
 */
public final class MountTableGraph implements MountGraph {
  private final MountTable table;
  private final int[] ringPosition; // index of each mount in its peer group's member array
  private final int[] slavePosition; // index of each mount in its master's slave list

  public MountTableGraph(MountTable table) {
    this.table = table;
    ringPosition = new int[table.mountIdLimit()];
    slavePosition = new int[table.mountIdLimit()];
    for (int g : table.groups()) {
      int[] members = table.groupMembers(g);
      for (int i = 0; i < members.length; i++) ringPosition[members[i]] = i;
    }
    for (int id : table.mountIds()) {
      int[] slaves = table.slaves(id);
      for (int i = 0; i < slaves.length; i++) slavePosition[slaves[i]] = i;
    }
  }

  @Override
  public int nextPeer(int mount) {
    Mount m = table.mount(mount);
    if (!m.shared()) return mount;
    int[] ring = table.groupMembers(m.group());
    return ring[(ringPosition[mount] + 1) % ring.length];
  }

  @Override
  public int firstSlave(int mount) {
    int[] s = table.slaves(mount);
    return s.length == 0 ? NONE : s[0];
  }

  @Override
  public int lastSlave(int mount) {
    int[] s = table.slaves(mount);
    return s.length == 0 ? NONE : s[s.length - 1];
  }

  @Override
  public int nextSlave(int mount) {
    int master = table.mount(mount).master();
    if (master == NONE) return NONE;
    int[] s = table.slaves(master);
    int i = slavePosition[mount] + 1;
    return i < s.length ? s[i] : NONE;
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
    return table.slaves(mount);
  }

  @Override
  public int maxMountId() {
    return table.mountIdLimit() - 1;
  }
}
