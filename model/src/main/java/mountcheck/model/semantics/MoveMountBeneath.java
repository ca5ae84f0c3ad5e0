package mountcheck.model.semantics;

import mountcheck.model.ops.MoveMount;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Namespace;

/**
 * move_mount(2) with MOVE_MOUNT_BENEATH (do_move_mount() with can_move_mount_beneath(),
 * fs/namespace.c, 6ac392815628, v6.5; docs/semantics.md §2.16): the source tree is attached where
 * the top mount at the target sits, between that mount and its parent, and the top mount then sits
 * on the source's root. A copy propagates from the parent to its receivers and slides under what
 * they have there.
 */
final class MoveMountBeneath {
  private MoveMountBeneath() {}

  /** The checks in do_move_mount()'s and can_move_mount_beneath()'s order, then the tuck. */
  static Result<Void> apply(Transition tx, Location from, Location to, MoveMount op) {
    MountTableBuilder t = tx.table();
    Mount o = t.mount(from.mount());
    Mount top = t.mount(to.mount());
    if (o == null || top == null)
      return Result.err(ErrorSite.NOT_OWN_MOUNT, op.from() + ": not mounted (is_mounted())");
    boolean attached = o.namespace() == t.currentNamespace();
    Namespace detachedTree = attached ? null : t.namespace(o.namespace());
    if (attached) {
      if (top.namespace() != t.currentNamespace())
        return Result.err(ErrorSite.FOREIGN_TARGET, op.to() + ": not in the caller's namespace");
    } else {
      if (detachedTree == null || !detachedTree.anonymous() || o.hasParent())
        return Result.err(
            ErrorSite.NOT_OWN_MOUNT,
            op.from() + ": neither attached here nor a detached tree's root");
      boolean targetDetached =
          top.namespace() != detachedTree.id() && t.namespace(top.namespace()).anonymous();
      boolean mayUse =
          top.namespace() == t.currentNamespace()
              || (targetDetached && !tx.has(KernelRule.NO_MOUNT_ON_DETACHED_TREE));
      if (!mayUse)
        return Result.err(ErrorSite.FOREIGN_TARGET, op.to() + ": not in the caller's namespace");
    }
    if (o.locked()) return Result.err(ErrorSite.LOCKED, op.from() + ": locked (MNT_LOCKED)");
    if (from.dentry() != o.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.from() + ": not a mount point");
    if (t.dentry(to.dentry()).deleted())
      return Result.err(ErrorSite.DELETED_DIRECTORY, op.to() + ": its directory was removed");
    if (t.dentry(to.dentry()).file() != t.dentry(o.root()).file())
      return Result.err(ErrorSite.MOVE_KIND, op.to() + ": not the same kind as the source");
    if (attached && o.hasParent() && t.mount(o.parent()).shared())
      return Result.err(ErrorSite.PARENT_SHARED, op.from() + ": resides under a shared mount");
    Result<Void> refused = beneathRefusal(tx, o, attached, top, to, op);
    if (refused != null) return refused;
    int parent = top.parent();
    if (t.mount(parent).shared()) {
      for (int m : CopyTree.subtree(t, o.id())) {
        if (t.mount(m).unbindable())
          return Result.err(
              ErrorSite.UNBINDABLE_TO_SHARED,
              op.from() + ": tree holds an unbindable mount and the parent is shared");
      }
    }
    for (int p = parent; p != 0; p = t.mount(p).parent()) {
      if (p == o.id())
        return Result.err(ErrorSite.INTO_ITSELF, op.to() + ": inside the mount being moved");
    }
    boolean lockedTop = top.locked();
    if (!attached) t.setNamespace(CopyTree.subtree(t, o.id()), 0);
    Result<Void> r =
        AttachTree.attachBeneath(
            tx, o.id(), new Location(parent, top.mountpoint()), top.id(), attached);
    if (!r.isOk()) return r;
    if (!attached) t.dropNamespace(detachedTree.id());
    // the 2026 lock transfer: the mount put beneath hides what the top hid, the top may go
    if (lockedTop) {
      t.setLocked(o.id(), true);
      t.setLocked(top.id(), false);
    }
    return Result.ok(null);
  }

  /** can_move_mount_beneath(): an error, or null when the tuck may go ahead. */
  private static Result<Void> beneathRefusal(
      Transition tx, Mount o, boolean attached, Mount top, Location to, MoveMount op) {
    MountTableBuilder t = tx.table();
    if (!top.hasParent())
      return Result.err(ErrorSite.NAMESPACE_ROOT, op.to() + ": the namespace root");
    if (to.dentry() != top.root())
      return Result.err(ErrorSite.TARGET_NOT_MOUNT_ROOT, op.to() + ": not a mount's root");
    if (top.locked() && !tx.has(KernelRule.BENEATH_TAKES_OVER_LOCK))
      return Result.err(ErrorSite.TARGET_LOCKED, op.to() + ": locked (MNT_LOCKED)");
    if (t.overmount(o.id()) != 0)
      return Result.err(ErrorSite.SOURCE_OVERMOUNTED, op.from() + ": something is mounted on it");
    // 6.5 to 6.18: mounting beneath the caller's root was left to pivot_root(".", ".")
    if (!tx.has(KernelRule.BENEATH_UNDER_CALLER_ROOT)
        && top.id() == PathWalk.start(t, t.currentNamespace()).mount())
      return Result.err(ErrorSite.TARGET_IS_CALLER_ROOT, op.to() + ": the caller's root mount");
    int parent = top.parent();
    if (tx.has(KernelRule.BENEATH_REFUSES_NAMESPACE_ROOT_CHILD)
        && parent == t.namespace(top.namespace()).root())
      return Result.err(
          ErrorSite.TARGET_ON_NAMESPACE_ROOT, op.to() + ": mounted on the namespace root");
    for (int p = o.id(); p != 0 && t.mount(p).hasParent(); p = t.mount(p).parent()) {
      if (p == top.id())
        return Result.err(ErrorSite.SOURCE_ON_TARGET, op.from() + ": is or lies on the target");
    }
    if (o.id() == top.id())
      return Result.err(ErrorSite.SOURCE_ON_TARGET, op.from() + ": is the target");
    int mountpoint = top.mountpoint();
    if (wouldOvermount(t, parent, top, mountpoint)
        || (attached && wouldOvermount(t, parent, o, mountpoint)))
      return Result.err(
          ErrorSite.PROPAGATION_OVERMOUNTS,
          op.to() + ": the parent would propagate a copy on top of it");
    return null;
  }

  /**
   * propagation_would_overmount() (fs/pnode.c): a shared {@code from} propagates onto {@code m} (a
   * peer of it, or a slave down a chain of masters with a peer of it) and m's root is the
   * mountpoint itself, so the copy would land on m.
   */
  private static boolean wouldOvermount(MountTableBuilder t, int from, Mount m, int mountpoint) {
    Mount f = t.mount(from);
    if (!f.shared() || m.root() != mountpoint) return false;
    for (Mount x = m; x != null; x = x.slave() ? t.mount(x.master()) : null) {
      if (x.group() == f.group()) return true;
    }
    return false;
  }
}
