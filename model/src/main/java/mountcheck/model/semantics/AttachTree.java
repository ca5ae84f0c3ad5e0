package mountcheck.model.semantics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mountcheck.model.events.ChangeLog;
import mountcheck.model.events.Touch;
import mountcheck.model.state.AttributeLocks;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;

/**
 * attach_recursive_mnt() with propagate_mnt() (fs/namespace.c, fs/pnode.c; Linux 6.18): attach a
 * tree at (dest, mountpoint) and, when dest is shared, a copy of it at the same dentry on every
 * receiver of dest where that dentry is visible under the receiver's root.
 */
final class AttachTree {
  private AttachTree() {}

  /** A propagated copy: its mounts in preorder (the root first) and the receiver it goes on. */
  private record Secondary(int[] tree, int receiver) {
    int copy() {
      return tree[0];
    }
  }

  /**
   * @param tx the transition: the state being built, the rules, the change log
   * @param source root of a detached tree (new mount, bind copy) or, when moving, of the mounted
   *     tree to move
   * @param at the mount and the dentry (the mountpoint) the tree goes on
   * @param moving true for mount --move: the tree keeps its mount objects and is not counted
   */
  static Result<Void> attach(Transition tx, int source, Location at, boolean moving) {
    return attach(tx, source, at, moving, 0);
  }

  /**
   * MOVE_MOUNT_BENEATH (attach_recursive_mnt() with MNT_TREE_BENEATH, 6ac392815628, v6.5): the tree
   * is attached at {@code at}, the place of {@code top}, and {@code top} then sits on the tree's
   * root (mnt_set_mountpoint_beneath()); copies propagate from {@code at}'s mount as for any
   * attach.
   */
  static Result<Void> attachBeneath(
      Transition tx, int source, Location at, int top, boolean moving) {
    return attach(tx, source, at, moving, top);
  }

  private static Result<Void> attach(
      Transition tx, int source, Location at, boolean moving, int beneath) {
    MountTableBuilder t = tx.table();
    ChangeLog log = tx.log();
    int dest = at.mount();
    int mountpoint = at.dentry();
    Mount d = t.mount(dest);
    int[] tree = CopyTree.subtree(t, source); // the tree's shape does not change below
    List<Secondary> secondaries = new ArrayList<>();
    if (d.shared()) {
      Set<Integer> invented = new HashSet<>();
      for (int m : tree) {
        if (!t.mount(m).shared()) {
          t.setGroup(m, t.newGroupId()); // invent_group_ids()
          invented.add(m);
        }
      }
      secondaries =
          propagate(
              t,
              source,
              dest,
              mountpoint,
              invented,
              tx.has(PlantedBug.PROPAGATE_INVISIBLE),
              tx.has(KernelRule.DETACHED_PEER_HIDES_SLAVES));
      if (secondaries == null)
        return Result.err(
            ErrorSite.NAMESPACE_FILE,
            "propagation would copy a mount namespace file (copy_tree() without"
                + " CL_COPY_MNT_NS_FILE)");
      for (int m : tree) t.setUnbindable(m, false); // set_mnt_shared()
    }

    // count_mounts(): each receiving namespace must stay within fs.mount-max (CVE-2016-6213)
    Map<Integer, Integer> added = new HashMap<>();
    if (!moving) added.merge(d.namespace(), tree.length, Integer::sum);
    for (Secondary s : secondaries) {
      added.merge(t.mount(s.receiver()).namespace(), s.tree().length, Integer::sum);
    }
    for (Map.Entry<Integer, Integer> e : added.entrySet()) {
      if ((long) t.namespace(e.getKey()).mountCount() + e.getValue() > t.mountMax())
        return Result.err(
            ErrorSite.MOUNT_MAX, "more than fs.mount-max (" + t.mountMax() + ") mounts");
    }

    if (moving) {
      t.detach(source);
      log.queue(source, d.namespace(), d.namespace()); // attach_recursive_mnt(): a move event
    }
    commit(t, tree, dest, mountpoint, d.namespace(), log);
    if (beneath != 0) t.move(beneath, source, t.mount(source).root()); // no mount event, a tuck
    for (Secondary s : secondaries) {
      Mount receiver = t.mount(s.receiver());
      boolean crossesUserNamespace =
          t.namespace(receiver.namespace()).userNamespace() != t.currentUserNamespace();
      if (crossesUserNamespace) {
        lockTree(t, s.tree()); // lock_mnt_tree(): propagated into a less privileged namespace
      }
      int existing = t.lookup(s.receiver(), mountpoint);
      commit(t, s.tree(), s.receiver(), mountpoint, receiver.namespace(), log);
      if (existing != 0) {
        boolean lockedAbove = t.mount(existing).locked();
        tuck(t, existing, s.copy());
        if (lockedAbove && tx.has(KernelRule.TUCKED_COPY_TAKES_LOCK)) t.setLocked(s.copy(), true);
        // before ce7df1968653, lock_mnt_tree() ran after the covering tree had been moved onto
        // the copy, so it locked that tree too
        if (crossesUserNamespace && tx.has(KernelRule.COVERING_TREE_LOCKED_ON_TUCK))
          for (int m : CopyTree.subtree(t, existing)) t.setLocked(m, true);
      }
    }
    return Result.ok(null);
  }

  /**
   * propagate_mnt(): walk the receiving groups, masters first. Copies on dest's own group are peers
   * of the source; the first copy on another group is a slave of the copy made on the nearest
   * upstream group that received one (shared if the receiver is), and further copies on that group
   * are its peers. So the copies' propagation graph mirrors dest's, restricted to the receivers
   * that got a copy (commit f2ebb3a921c1 "smarter propagate_mnt()"). Null when a copy would have a
   * mount namespace file at its root.
   *
   * <p>{@code invented} holds the mounts of the tree being attached that only have a group id from
   * invent_group_ids(): they are not MNT_SHARED until set_mnt_shared() runs after propagate_mnt(),
   * so a copy that lands on one of them (a moved slave of dest's group receives its own copy) is a
   * slave and not shared (propagate_one()'s IS_MNT_SHARED test; conformance C81).
   */
  private static List<Secondary> propagate(
      MountTableBuilder t,
      int source,
      int dest,
      int mountpoint,
      Set<Integer> invented,
      boolean copyWhereInvisible,
      boolean detachedPeersHideSlaves) {
    List<Secondary> out = new ArrayList<>();
    Dentry mp = t.dentry(mountpoint);
    List<PropagationWalk.Group> groups = PropagationWalk.groups(t, dest, detachedPeersHideSlaves);
    int[] copyOfGroup = new int[groups.size()]; // the copy downstream groups take from
    for (int gi = 0; gi < groups.size(); gi++) {
      PropagationWalk.Group g = groups.get(gi);
      int upstream = gi == 0 ? source : copyOfGroup[g.upstream()];
      int first = 0;
      int last = 0;
      for (int n : g.members()) {
        Mount receiver = t.mount(n);
        if (n == dest || receiver.namespace() == 0) continue; // need_secondary(): new mounts
        // propagate_one(): nothing propagates into a detached tree (an anonymous namespace) on
        // the kernels of the matrix (6.15's MNTNS_PROPAGATING allowed it and was reverted)
        if (t.namespace(receiver.namespace()).anonymous()) continue;
        if (!copyWhereInvisible && !mp.isAtOrBelow(t.dentry(receiver.root())))
          continue; // not visible there
        int from;
        CloneFlags flags;
        if (gi == 0) {
          from = last != 0 ? last : source;
          flags = CloneFlags.PEER;
        } else if (last == 0) {
          from = upstream;
          flags = CloneFlags.slaveOf(receiver.shared() && !invented.contains(n));
        } else {
          from = last;
          flags = CloneFlags.PEER;
        }
        // copy_tree() without CL_COPY_MNT_NS_FILE refuses a namespace file at the root: EINVAL
        if (CopyTree.isNamespaceFile(t, from)) return null;
        int copy = copyWhole(t, from, flags);
        out.add(new Secondary(CopyTree.subtree(t, copy), n));
        if (first == 0) first = copy;
        last = copy;
      }
      copyOfGroup[gi] = gi == 0 ? source : (first != 0 ? first : upstream);
    }
    return out;
  }

  /** copy_tree(from, from.root, flags) of a tree that holds no unbindable mount. */
  private static int copyWhole(MountTableBuilder t, int from, CloneFlags flags) {
    Result<Integer> r = CopyTree.copy(t, from, t.mount(from).root(), flags);
    if (r instanceof Result.Ok<Integer> ok) return ok.value();
    throw new IllegalStateException("propagated tree cannot be copied: " + r);
  }

  /**
   * commit_tree(): attach the tree root, put every mount of the tree in the namespace
   * (mnt_add_to_ns() queues each new one for an attach event) and touch the namespace.
   */
  private static void commit(
      MountTableBuilder t, int[] tree, int parent, int mountpoint, int namespace, ChangeLog log) {
    t.attach(tree[0], parent, mountpoint);
    if (log.enabled()) {
      for (int m : tree) {
        int before = t.mount(m).namespace();
        if (before != namespace) log.queue(m, before, namespace);
      }
    }
    t.setNamespace(tree, namespace);
    log.touch(new Touch.Increment(namespace));
  }

  /**
   * Tucking (commit 1064f874abc0, v4.11): the mount that was already at the copy's place moves onto
   * the root of the topmost mount stacked on the copy, so the copy slides underneath.
   * attach_recursive_mnt() does this with mnt_change_mountpoint() alone: no mount event.
   */
  private static void tuck(MountTableBuilder t, int existing, int copy) {
    int top = CopyTree.topOfStack(t, copy);
    t.move(existing, top, t.mount(top).root());
  }

  /**
   * lock_mnt_tree(): every mount of the tree but its root becomes MNT_LOCKED, and every mount, its
   * root included, gets its attributes locked ({@link AttributeLocks#lockedFor}).
   */
  static void lockTree(MountTableBuilder t, int root) {
    lockTree(t, CopyTree.subtree(t, root));
  }

  private static void lockTree(MountTableBuilder t, int[] tree) {
    for (int i = 0; i < tree.length; i++) {
      Mount m = t.mount(tree[i]);
      t.setAttributeLocks(tree[i], m.attributeLocks().lockedFor(m.attributes()));
      if (i > 0) t.setLocked(tree[i], true);
    }
  }
}
