package mountcheck.model.semantics;

import mountcheck.model.events.Touch;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.DescriptorHandle;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountDescriptor;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.ShellState;

/**
 * The shell's root (docs/semantics.md §2.18): {@code chroot DIR} (chroot(2), fs/open.c) and {@code
 * pivot_root NEW PUT_OLD} (pivot_root(2), fs/namespace.c: {@code SYSCALL_DEFINE2(pivot_root)} up to
 * 6.18, {@code path_pivot_root()} in 7.2, the same checks in the same order).
 */
final class RootChange {
  private RootChange() {}

  /**
   * chroot(2) with LOOKUP_FOLLOW | LOOKUP_DIRECTORY: ENOENT, ENOTDIR; the caller is root in its
   * user namespace (CAP_SYS_CHROOT). The new root is where the walk ends: a directory, or the top
   * of what is mounted on it.
   */
  static Result<Void> chroot(MountTableBuilder t, ChangeRoot op) {
    Result<Location> at = directory(t, op.path());
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    Location l = ok.value();
    t.setShell(t.shell().withRoot(new ShellState.Root(l.mount(), l.dentry())));
    return Result.ok(null);
  }

  /**
   * {@code mountfd chroot NAME}: fchdir(2) to the descriptor (EBADF when the name holds none,
   * ENOTDIR on a file or a descriptor that is no directory: a user namespace, a filesystem
   * context), then chroot("."): the walk of "." takes the working directory as it is, without
   * crossing what is mounted on it, so the root is the descriptor's mount and directory, attached
   * or in a detached tree (set_fs_root()).
   */
  static Result<Void> chrootToDescriptor(MountTableBuilder t, ChangeRootToDescriptor op) {
    DescriptorHandle d = t.shell().names().get(op.name());
    if (d == null) return Result.err(ErrorSite.BAD_DESCRIPTOR, op.name() + ": no such descriptor");
    if (!(d instanceof MountDescriptor m) || t.dentry(m.dentry()).file())
      return Result.err(ErrorSite.FILE_NOT_DIRECTORY, op.name() + ": not a directory");
    int mount = t.shell().files().get(m.file());
    t.setShell(t.shell().withRoot(new ShellState.Root(mount, m.dentry())));
    return Result.ok(null);
  }

  /** pivot_root(2): the checks in the kernel's order, then the exchange. */
  static Result<Void> pivot(Transition tx, PivotRoot op) {
    MountTableBuilder t = tx.table();
    Result<Location> newWalk = directory(t, op.newRoot());
    if (!(newWalk instanceof Result.Ok<Location> n))
      return ((Result.Err<Location>) newWalk).retyped();
    Result<Location> oldWalk = directory(t, op.putOld());
    if (!(oldWalk instanceof Result.Ok<Location> o))
      return ((Result.Err<Location>) oldWalk).retyped();
    Location root = root(t);
    // lock_mount(&old): nothing is mounted on a removed directory
    if (t.dentry(o.value().dentry()).deleted())
      return Result.err(ErrorSite.DELETED_DIRECTORY, op.putOld() + ": its directory was removed");
    int newMount = n.value().mount();
    int oldMount = o.value().mount();
    int rootMount = root.mount();
    Mount nm = t.mount(newMount);
    Mount rm = t.mount(rootMount);
    if (t.mount(oldMount).shared())
      return Result.err(ErrorSite.PUT_OLD_SHARED, op.putOld() + ": its mount is shared");
    if (nm.hasParent() && t.mount(nm.parent()).shared())
      return Result.err(
          ErrorSite.NEW_ROOT_PARENT_SHARED, op.newRoot() + ": the mount it is on is shared");
    if (rm.hasParent() && t.mount(rm.parent()).shared())
      return Result.err(ErrorSite.ROOT_PARENT_SHARED, "the current root's parent is shared");
    // check_mnt() of both: a path walk from the root of the caller's namespace stays in it
    if (nm.locked() || (newMount == namespaceRoot(t) && namespaceRootLocked(tx)))
      return Result.err(ErrorSite.LOCKED, op.newRoot() + ": mount is locked (MNT_LOCKED)");
    if (t.dentry(n.value().dentry()).deleted())
      return Result.err(ErrorSite.DELETED_DIRECTORY, op.newRoot() + ": its directory was removed");
    if (newMount == rootMount || oldMount == rootMount)
      return Result.err(ErrorSite.ON_ROOT_MOUNT, "on the current root's mount");
    if (root.dentry() != rm.root())
      return Result.err(ErrorSite.ROOT_NOT_MOUNT_POINT, "the current root is not a mount's root");
    boolean rootOnRootfs = rootMount == namespaceRoot(t) && t.rootOnRootfs();
    if (!rm.hasParent() && !rootOnRootfs)
      return Result.err(ErrorSite.ROOT_NOT_ATTACHED, "the current root's mount has no parent");
    if (n.value().dentry() != nm.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.newRoot() + ": not a mount point");
    // mnt_has_parent(new_mnt): the walk from the root only reaches mounts below it, which have one
    if (!reachable(t, oldMount, o.value().dentry(), newMount, n.value().dentry()))
      return Result.err(ErrorSite.PUT_OLD_OUTSIDE, op.putOld() + ": not under the new root");
    // is_path_reachable(new, root) holds for every mount a walk from the root reaches
    exchange(t, newMount, rootMount, o.value());
    // path_pivot_root() queues the old root, then the new one (mnt_notify_add()): both stay in the
    // namespace, so each is one event with ATTACH and DETACH, a move
    int ns = t.currentNamespace();
    tx.log().queue(rootMount, ns, ns);
    tx.log().queue(newMount, ns, ns);
    tx.log().touch(new Touch.Increment(ns)); // touch_mnt_namespace(): the poll counter moves
    return Result.ok(null);
  }

  /**
   * The exchange (umount_mnt(new), unhash_mnt(root), attach_mnt() twice, no propagation): the new
   * root's mount leaves its place and takes the old root's, the old root goes on PUT_OLD, the lock
   * moves with the place (the old root's MNT_LOCKED goes to the new root), and chroot_fs_refs()
   * moves the tasks rooted at the old root.
   */
  private static void exchange(MountTableBuilder t, int newMount, int rootMount, Location putOld) {
    Mount rm = t.mount(rootMount);
    int rootParent = rm.parent();
    int rootMountpoint = rm.mountpoint();
    t.detach(newMount);
    if (rootParent != 0) t.detach(rootMount);
    t.attach(rootMount, putOld.mount(), putOld.dentry());
    if (rootParent != 0) t.attach(newMount, rootParent, rootMountpoint);
    else t.setNamespaceRoot(t.currentNamespace(), newMount);
    // the host's / is locked in every namespace unshare -Urm made (lock_mnt_tree()); the model's
    // namespace root stands for it without the flag
    boolean rootLocked = rm.locked() || (rootParent == 0 && t.rootOnRootfs());
    if (rootLocked) {
      t.setLocked(newMount, true);
      t.setLocked(rootMount, false);
    }
    t.setShell(t.shell().withRoot(new ShellState.Root(newMount, t.mount(newMount).root())));
  }

  /** user_path_at(LOOKUP_FOLLOW | LOOKUP_DIRECTORY): a path that must end on a directory. */
  private static Result<Location> directory(MountTableBuilder t, String path) {
    Result<Location> at = PathWalk.resolve(t, t.currentNamespace(), path);
    if (at instanceof Result.Ok<Location> ok && t.dentry(ok.value().dentry()).file())
      return Result.err(ErrorSite.FILE_NOT_DIRECTORY, path + ": not a directory");
    return at;
  }

  /**
   * current_chrooted(): the caller's root is not the top of the mounts stacked on its namespace's
   * root (it follows the namespace root down through every mount on it). A chroot makes it so; a
   * pivot_root puts the new root where the old one was, so it does not, unless the old root was put
   * on the new root's own root ({@code pivot_root /mnt /mnt}): then the old root is the top, and
   * the caller counts as chrooted (conformance C82).
   */
  static boolean chrooted(MountTableBuilder t) {
    Location root = root(t);
    int nsRoot = namespaceRoot(t);
    int top = CopyTree.topOfStack(t, nsRoot);
    return root.mount() != top || root.dentry() != t.mount(top).root();
  }

  /** The shell's root (get_fs_root()). */
  private static Location root(MountTableBuilder t) {
    ShellState.Root r = t.shell().root();
    return r.changed()
        ? new Location(r.mount(), r.dentry())
        : PathWalk.start(t, t.currentNamespace());
  }

  /**
   * Whether the model's namespace root, which carries no lock flag, stands for a locked mount:
   * where it is the host's / (or 7.2's rootfs) on a root the model does not show, lock_mnt_tree()
   * of unshare -Urm's copy locked it as it locks every mount below the copy's root; where it is the
   * guest's rootfs, the copy's root itself, only kernels whose lock_mnt_tree() locks the root too.
   */
  private static boolean namespaceRootLocked(Transition tx) {
    return tx.table().rootOnRootfs() || tx.has(KernelRule.COPY_ROOT_LOCKED);
  }

  private static int namespaceRoot(MountTableBuilder t) {
    return t.namespace(t.currentNamespace()).root();
  }

  /**
   * is_path_reachable(): climbing from (mount, dentry) through the mount points meets {@code
   * topMount} at a directory at or below {@code topDentry}.
   */
  private static boolean reachable(
      MountTableBuilder t, int mount, int dentry, int topMount, int topDentry) {
    Dentry top = t.dentry(topDentry);
    int x = mount;
    int d = dentry;
    while (true) {
      if (x == topMount) return t.dentry(d).isAtOrBelow(top);
      Mount mx = t.mount(x);
      if (!mx.hasParent()) return false;
      d = mx.mountpoint();
      x = mx.parent();
    }
  }
}
