package mountcheck.model.semantics;

import mountcheck.model.events.ChangeLog;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.DescriptorName;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.state.DescriptorHandle;
import mountcheck.model.state.InternalFile;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountDescriptor;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Namespace;

/**
 * The fd-based mount API of the {@code mountfd} lines (docs/semantics.md §2.15): open_tree(),
 * move_mount() and the close of a named descriptor, which dissolves the detached tree it owns
 * (fs/namespace.c: open_tree(), __do_loopback(), do_move_mount(), dissolve_on_fput()).
 */
final class FdMountCalls {
  private FdMountCalls() {}

  /**
   * A mount named by a line: a path in the caller's namespace or a held descriptor. A descriptor on
   * something else (a filesystem context, a user namespace, an internal file) is a file of a
   * kernel-internal mount that no namespace holds: mount 0, which every call that wants a mount
   * refuses.
   */
  static Result<Location> locate(MountTableBuilder t, String word) {
    if (word.startsWith("/")) return PathWalk.resolve(t, t.currentNamespace(), word);
    String name = DescriptorName.descriptorOf(word);
    DescriptorHandle d = t.shell().names().get(name);
    if (d == null) return Result.err(ErrorSite.BAD_DESCRIPTOR, name + ": no such descriptor");
    boolean relative = !name.equals(word);
    if (!(d instanceof MountDescriptor m)) {
      // path_init() with a dirfd that is no directory (an anon_inode or nsfs file): ENOTDIR
      if (relative) return Result.err(ErrorSite.NOT_DIRECTORY, name + ": not a directory");
      return Result.ok(new Location(0, 0));
    }
    Location at = new Location(t.shell().files().get(m.file()), m.dentry());
    // a path relative to the descriptor: the walk starts where it points (path_init() with dfd)
    return relative
        ? PathWalk.resolveFrom(t, at, DescriptorName.relativePart(word))
        : Result.ok(at);
  }

  /**
   * open_tree(): the flags are checked before the path walk; without OPEN_TREE_CLONE the descriptor
   * is an O_PATH file on the mount; with it, __do_loopback() copies the mount (or with AT_RECURSIVE
   * its subtree, copy_tree(.., CL_COPY_MNT_NS_FILE)) into a new anonymous namespace.
   */
  static Result<Void> openTree(Transition tx, OpenTree op) {
    MountTableBuilder t = tx.table();
    // vfs_open_tree(): the flags first; OPEN_TREE_NAMESPACE is 7.0's (OPEN_TREE_NAMESPACE_FLAG)
    if (op.namespace() && !tx.rules().has(KernelRule.OPEN_TREE_NAMESPACE_FLAG))
      return Result.err(ErrorSite.UNKNOWN_FLAG, "OPEN_TREE_NAMESPACE is not in this kernel (7.0)");
    if (op.recursive() && !op.copy() && !op.namespace())
      return Result.err(
          ErrorSite.RECURSIVE_WITHOUT_CLONE, "AT_RECURSIVE needs OPEN_TREE_CLONE (open_tree())");
    if (op.copy() && op.namespace())
      return Result.err(
          ErrorSite.CLONE_AND_NAMESPACE, "OPEN_TREE_CLONE and OPEN_TREE_NAMESPACE together");
    // vfs_open_tree(): a copy needs may_mount(), checked before the path walk
    if (op.copy() && !t.mayMount())
      return Result.err(ErrorSite.NOT_PRIVILEGED, "no CAP_SYS_ADMIN over the mount namespace");
    Result<Location> at = locate(t, op.source());
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    int old = ok.value().mount();
    int dentry = ok.value().dentry();
    if (op.namespace()) {
      // create_new_namespace(): a directory only, then a copy as OPEN_TREE_CLONE makes it, on a
      // copy of the caller's root, in a new mount namespace the descriptor names
      if (old != 0 && t.dentry(dentry).file())
        return Result.err(ErrorSite.NAMESPACE_OF_FILE, op.source() + ": not a directory");
      throw new UnsupportedOperationException(
          "OPEN_TREE_NAMESPACE's new namespace is not modelled yet (docs/semantics.md §2.17)");
    }
    if (!op.copy() && old == 0) {
      // an O_PATH file on the anon_inodefs or nsfs file the descriptor names
      t.setShell(t.shell().openHandle(op.name(), new InternalFile()));
      return Result.ok(null);
    }
    if (!op.copy()) {
      t.setShell(t.shell().openNamed(op.name(), old, dentry, 0));
      return Result.ok(null);
    }
    Mount o = t.mount(old);
    if (o == null) // unmounted (a dissolved tree, a lazy umount) and only held
    return Result.err(ErrorSite.NOT_OWN_MOUNT, op.source() + ": not mounted");
    // __do_loopback(): an unbindable mount, then a mount outside the caller's namespace
    if (o.unbindable())
      return Result.err(ErrorSite.UNBINDABLE_SOURCE, op.source() + ": unbindable");
    Namespace source = t.namespace(o.namespace());
    // may_copy_tree(): a detached tree only from the namespace it was copied from
    // (check_anonymous_mnt(), 6.15), so not after the caller unshared its mount namespace
    boolean mayCopy =
        o.namespace() == t.currentNamespace()
            || CopyTree.isNamespaceFile(t, old)
            || (source.usableFrom(t.currentNamespace())
                && !tx.rules().has(KernelRule.NO_COPY_OF_DETACHED_TREE));
    if (!mayCopy)
      return Result.err(ErrorSite.NOT_OWN_MOUNT, op.source() + ": not in the caller's namespace");
    int copy;
    if (op.recursive()) {
      Result<Integer> c = CopyTree.copy(t, old, dentry, CloneFlags.BIND);
      if (!(c instanceof Result.Ok<Integer> done)) return ((Result.Err<Integer>) c).retyped();
      copy = done.value();
    } else {
      if (Model.hasLockedChildren(t, old, dentry))
        return Result.err(ErrorSite.LOCKED_CHILDREN, op.source() + ": would reveal locked mounts");
      copy = CopyTree.clone(t, old, dentry, CloneFlags.BIND);
    }
    // get_detached_copy(): the copy remembers where its source was attached
    int origin = source.anonymous() ? source.origin() : source.id();
    int tree = t.newAnonymousNamespace(t.currentUserNamespace(), copy, origin);
    t.setNamespace(CopyTree.subtree(t, copy), tree);
    t.setShell(t.shell().openNamed(op.name(), copy, t.mount(copy).root(), tree));
    return Result.ok(null);
  }

  /**
   * move_mount() (do_move_mount()): an attached source moves as {@code mount --move} does; a
   * detached one, the root of its anonymous namespace, is attached at the target like a bind's copy
   * (propagating to the target's peers and slaves) and its anonymous namespace ends.
   */
  static Result<Void> moveMount(Transition tx, MoveMount op) {
    MountTableBuilder t = tx.table();
    // move_mount(): may_mount() first, then its flags before any lookup (MOVE_MOUNT__MASK)
    if (!t.mayMount())
      return Result.err(ErrorSite.NOT_PRIVILEGED, "no CAP_SYS_ADMIN over the mount namespace");
    if ((op.flag() == MoveMount.Flag.SET_GROUP && tx.has(KernelRule.NO_MOVE_MOUNT_SET_GROUP))
        || (op.flag() == MoveMount.Flag.BENEATH && tx.has(KernelRule.NO_MOVE_MOUNT_BENEATH)))
      return Result.err(ErrorSite.UNKNOWN_FLAG, op.flag().word() + ": unknown to this kernel");
    Result<Location> from = locate(t, op.from());
    Result<Location> to = locate(t, op.to());
    if (!tx.rules().has(KernelRule.MOVE_MOUNT_SOURCE_FIRST) && !to.isOk())
      return ((Result.Err<Location>) to).retyped();
    if (!(from instanceof Result.Ok<Location> source))
      return ((Result.Err<Location>) from).retyped();
    if (!(to instanceof Result.Ok<Location> target)) return ((Result.Err<Location>) to).retyped();
    if (op.flag() == MoveMount.Flag.SET_GROUP)
      return MoveMountSetGroup.apply(tx, source.value(), target.value(), op);
    if (op.flag() == MoveMount.Flag.BENEATH)
      return MoveMountBeneath.apply(tx, source.value(), target.value(), op);
    Mount o = t.mount(source.value().mount());
    Mount dest = t.mount(target.value().mount());
    if (o == null || dest == null)
      return Result.err(ErrorSite.NOT_OWN_MOUNT, op.from() + ": not mounted (is_mounted())");
    if (o.namespace() == t.currentNamespace()) {
      // do_move_mount(): an attached mount moves within the caller's namespace only
      if (dest.namespace() != t.currentNamespace())
        return Result.err(ErrorSite.FOREIGN_TARGET, op.to() + ": not in the caller's namespace");
      return Model.moveMounted(tx, source.value(), target.value(), op.from(), op.to());
    }
    Namespace ns = t.namespace(o.namespace());
    if (ns == null || !ns.anonymous() || o.hasParent())
      return Result.err(
          ErrorSite.NOT_OWN_MOUNT,
          op.from() + ": neither attached here nor a detached tree's root");
    // may_use_mount(): the target is in the caller's namespace or (6.15+) in another detached tree
    boolean targetDetached =
        dest.namespace() != ns.id()
            && t.namespace(dest.namespace()).usableFrom(t.currentNamespace());
    boolean mayUse =
        dest.namespace() == t.currentNamespace()
            || (targetDetached && !tx.rules().has(KernelRule.NO_MOUNT_ON_DETACHED_TREE));
    if (!mayUse)
      return Result.err(ErrorSite.FOREIGN_TARGET, op.to() + ": not in the caller's namespace");
    if (source.value().dentry() != o.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.from() + ": not a mount point");
    if (t.dentry(target.value().dentry()).deleted())
      return Result.err(ErrorSite.DELETED_DIRECTORY, op.to() + ": its directory was removed");
    if (t.dentry(target.value().dentry()).file() != t.dentry(o.root()).file())
      return Result.err(ErrorSite.MOVE_KIND, op.to() + ": not the same kind as the source");
    int[] tree = CopyTree.subtree(t, o.id());
    if (dest.shared()) {
      for (int m : tree) {
        if (t.mount(m).unbindable())
          return Result.err(
              ErrorSite.UNBINDABLE_TO_SHARED,
              op.from() + ": tree holds an unbindable mount and the target is shared");
      }
    }
    // attach_recursive_mnt() of a tree that is in no namespace the caller has: as a new copy
    t.setNamespace(tree, 0);
    Result<Void> r = AttachTree.attach(tx, o.id(), target.value(), false);
    if (!r.isOk()) return r;
    t.dropNamespace(ns.id());
    return Result.ok(null);
  }

  /** The named descriptor closes; a detached tree it owned is dissolved. */
  static Result<MountTable> close(MountTable state, CloseDescriptor op, ChangeLog log) {
    MountTableBuilder t = state.toBuilder();
    t.setShell(t.shell().closeNamed(op.name()));
    return Result.ok(dissolveUnowned(t.build(), log));
  }

  /**
   * dissolve_on_fput(): every anonymous namespace whose owning descriptor has closed is torn down,
   * umount_tree() of its tree without propagation; a held mount of it lives on, detached.
   */
  static MountTable dissolveUnowned(MountTable state, ChangeLog log) {
    MountTable t = state;
    for (Namespace n : state.namespaces()) {
      int ns = n.id();
      if (!n.anonymous() || state.shell().ownedTrees().contains(ns)) continue;
      t = UmountTree.tearDown(t, ns, log);
      MountTableBuilder b = t.toBuilder();
      b.dropNamespace(ns);
      b.setShell(t.shell().withoutFreedDetached());
      t = b.build();
    }
    return t;
  }
}
