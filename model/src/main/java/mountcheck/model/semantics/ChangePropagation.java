package mountcheck.model.semantics;

import mountcheck.model.ops.Propagation;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;

/**
 * do_change_type() and change_mnt_propagation() (fs/namespace.c, fs/pnode.c): the state transition
 * table of sharedsubtree.rst §5a, applied to one mount or, recursively, to every mount of its
 * subtree in preorder.
 */
final class ChangePropagation {
  private ChangePropagation() {}

  static Result<Void> apply(Transition tx, int mount, Propagation type, boolean recursive) {
    MountTableBuilder t = tx.table();
    int[] targets = recursive ? CopyTree.subtree(t, mount) : new int[] {mount};
    for (int m : targets) change(t, m, type, tx.rules());
    return Result.ok(null);
  }

  /** change_mnt_propagation(m, type) for one mount. */
  static void change(MountTableBuilder t, int m, Propagation type, RuleSet rules) {
    Mount mount = t.mount(m);
    if (type == Propagation.SHARED) {
      if (!mount.shared()) t.setGroup(m, t.newGroupId()); // invent_group_ids()
      t.setUnbindable(m, false); // shared and unbindable exclude each other
      return;
    }
    int destination = mount.master();
    if (mount.shared()) {
      // leave the peer group; slaves go to a former peer, else to the old master, else nowhere
      int peer = anotherMember(t, m, mount.group());
      if (peer != 0) destination = peer;
      t.setGroup(m, 0);
      boolean forget = rules.has(PlantedBug.MAKE_SLAVE_KEEPS_SLAVES) && type == Propagation.SLAVE;
      if (!forget) for (int s : t.slaves(m)) t.setMaster(s, destination);
    }
    switch (type) {
      case SLAVE -> t.setMaster(m, destination); // a lone shared mount without master: private
      case PRIVATE -> {
        t.setMaster(m, 0);
        t.setUnbindable(m, false);
      }
      case UNBINDABLE -> {
        t.setMaster(m, 0);
        t.setUnbindable(m, true);
      }
      default -> throw new AssertionError(type);
    }
  }

  /**
   * The peer that takes over: do_make_slave() (5.10 to 6.12) walks the ring from next_peer() and
   * takes the first peer with the same root dentry, else next_peer() itself; 7.2's
   * change_mnt_propagation() takes next_peer() alone. The two differ only in which member of the
   * same group becomes the master, which shows only when that member is in a detached tree on a
   * kernel whose propagation skips a detached peer's slaves
   * (KernelRule.DETACHED_PEER_HIDES_SLAVES), so the model follows the older walk everywhere.
   */
  private static int anotherMember(MountTableBuilder t, int m, int group) {
    int[] ring = t.groupMembers(group);
    int at = 0;
    while (at < ring.length && ring[at] != m) at++;
    int root = t.mount(m).root();
    int first = 0;
    for (int k = 1; k < ring.length; k++) {
      int p = ring[(at + k) % ring.length];
      if (first == 0) first = p;
      if (t.mount(p).root() == root) return p;
    }
    return first;
  }
}
