package mountcheck.model.semantics;

import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.MountGraph;

/** The {@link MountGraph} view of a frozen {@link MountTable}, for propagate_umount. */
public final class MountTableGraph implements MountGraph {
  private final MountTable table;

  public MountTableGraph(MountTable table) {
    this.table = table;
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
    return table.mountIdLimit();
  }
}
