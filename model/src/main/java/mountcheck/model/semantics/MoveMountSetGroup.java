package mountcheck.model.semantics;

import mountcheck.model.ops.MoveMount;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;

/**
 * move_mount(2) with MOVE_MOUNT_SET_GROUP (do_set_group() in fs/namespace.c, 9ffb14ef61ba, v5.15;
 * docs/semantics.md §2.16): a private target joins the source's peer group and becomes a slave of
 * the source's master, the way CRIU restores sharing. Nothing is attached, moved or copied.
 */
final class MoveMountSetGroup {
  private MoveMountSetGroup() {}

  /** The checks in do_set_group()'s order, then the target takes the source's group and master. */
  static Result<Void> apply(Transition tx, Location from, Location to, MoveMount op) {
    MountTableBuilder t = tx.table();
    Mount source = t.mount(from.mount());
    Mount target = t.mount(to.mount());
    // is_mounted() (6.18: may_change_propagation()): a mount of a detached tree counts as mounted
    if (source == null || source.namespace() == 0)
      return Result.err(ErrorSite.NOT_OWN_MOUNT, op.from() + ": not mounted");
    if (target == null || target.namespace() == 0)
      return Result.err(ErrorSite.NOT_OWN_MOUNT, op.to() + ": not mounted");
    if (from.dentry() != source.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.from() + ": not a mount's root");
    if (to.dentry() != target.root())
      return Result.err(ErrorSite.TARGET_NOT_MOUNT_ROOT, op.to() + ": not a mount's root");
    if (source.superblock() != target.superblock())
      return Result.err(ErrorSite.OTHER_SUPERBLOCK, op.to() + ": another filesystem");
    if (!t.dentry(target.root()).isAtOrBelow(t.dentry(source.root())))
      return Result.err(
          ErrorSite.ROOT_OUTSIDE_SOURCE, op.to() + ": its root is not under the source's root");
    // has_locked_children(): the group would show what a locked child of the source hides
    if (Model.hasLockedChildren(t, source.id(), target.root()))
      return Result.err(ErrorSite.LOCKED_CHILDREN, op.from() + ": locked mounts in the way");
    if (target.shared() || target.slave())
      return Result.err(ErrorSite.TARGET_NOT_PRIVATE, op.to() + ": already shared or a slave");
    if (target.unbindable() && tx.has(KernelRule.SET_GROUP_REFUSES_UNBINDABLE))
      return Result.err(ErrorSite.TARGET_UNBINDABLE, op.to() + ": unbindable");
    if (!source.shared() && !source.slave())
      return Result.err(ErrorSite.SOURCE_PRIVATE, op.from() + ": private, no group to give");
    // the target follows the source in the master's slave list and in the peer ring (list_add()
    // after the source; 6.17+ hlist_add_behind()), so propagation reaches it right after the source
    if (source.slave()) t.joinSlavesAfter(target.id(), source.master(), source.id());
    if (source.shared()) {
      t.joinGroupAfter(target.id(), source.group(), source.id());
      t.setUnbindable(target.id(), false); // set_mnt_shared() clears the unbindable mark
    }
    return Result.ok(null);
  }
}
