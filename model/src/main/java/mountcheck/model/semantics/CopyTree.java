package mountcheck.model.semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;

/** clone_mnt() and copy_tree() of fs/namespace.c: how copies join the propagation graph. */
final class CopyTree {
  private CopyTree() {}

  /**
   * clone_mnt(old, root, flags): a detached copy of one mount rooted at {@code root}. The copy is
   * never locked; it is a peer of a shared original unless CL_SLAVE; with CL_SLAVE it is a slave of
   * a shared original, else it follows the original's master.
   *
   * <p>On 6.18 the copy is never unbindable either: since the 6.17 series moved T_UNBINDABLE into
   * mnt_t_flags, clone_mnt() copies only mnt_flags, so Linux 6.18 drops the mark even where
   * sharedsubtree.rst §5g says a namespace copy keeps it (observed: conformance/C10a, probes/a2).
   * Older kernels and 7.2 keep it ({@link CloneFlags#keepUnbindable()}). Bind and rbind never clone
   * an unbindable mount, so only namespace copies show the difference.
   */
  static int clone(MountTableBuilder t, int old, int root, CloneFlags flags) {
    Mount o = t.mount(old);
    int copy = t.newMount(o.superblock(), root);
    int group = flags.slave() ? 0 : o.group();
    if (flags.makeShared() && group == 0) group = t.newGroupId();
    t.setGroup(copy, group);
    if (flags.slave() && o.shared()) t.setMaster(copy, old);
    else if (o.slave()) t.setMaster(copy, o.master());
    if (flags.keepUnbindable() && o.unbindable()) t.setUnbindable(copy, true);
    return copy;
  }

  /**
   * copy_tree(src, dentry, flags): copies {@code src} at {@code dentry} and every mount below it
   * whose mountpoint lies under {@code dentry}, pruning unbindable subtrees unless
   * CL_COPY_UNBINDABLE, keeping MNT_LOCKED on non-root copies. EINVAL when the root itself is
   * unbindable and unbindable mounts are not copied; EPERM when an unbindable mount to prune is
   * locked, since pruning it would reveal what it covers (observed on 6.18: conformance/probes/b).
   */
  static Result<Integer> copy(MountTableBuilder t, int src, int dentry, CloneFlags flags) {
    return copy(t, src, dentry, flags, null);
  }

  /**
   * {@link #copy(MountTableBuilder, int, int, CloneFlags)} that also records, in {@code copies}
   * (when not null), which copy each copied mount got (copy_mnt_ns() moves working directories
   * along it). Without CL_COPY_MNT_NS_FILE a namespace file's mount is left out with its subtree,
   * and is EINVAL at the root (commit 4ce5d2b1a8fd).
   */
  static Result<Integer> copy(
      MountTableBuilder t, int src, int dentry, CloneFlags flags, Map<Integer, Integer> copies) {
    if (t.mount(src).unbindable() && !flags.copyUnbindable())
      return Result.err(ErrorSite.UNBINDABLE_SOURCE, "source is unbindable");
    if (!flags.copyNamespaceFiles() && isNamespaceFile(t, src))
      return Result.err(ErrorSite.NAMESPACE_FILE, "a mount namespace file is not copied here");
    int root = clone(t, src, dentry, flags);
    if (copies != null) copies.put(src, root);
    Dentry at = t.dentry(dentry);
    ArrayDeque<int[]> work = new ArrayDeque<>(); // {original, copy of its parent}
    int[] top = t.children(src);
    for (int i = top.length - 1; i >= 0; i--) {
      if (t.dentry(t.mount(top[i]).mountpoint()).isAtOrBelow(at))
        work.push(new int[] {top[i], root});
    }
    while (!work.isEmpty()) {
      int[] item = work.pop();
      Mount original = t.mount(item[0]);
      if (original.unbindable() && !flags.copyUnbindable()) {
        if (original.locked())
          return Result.err(
              ErrorSite.PRUNE_LOCKED, "pruning a locked unbindable mount would reveal it");
        continue; // prune the whole subtree
      }
      if (!flags.copyNamespaceFiles() && isNamespaceFile(t, item[0])) continue;
      int c = clone(t, item[0], original.root(), flags);
      if (copies != null) copies.put(item[0], c);
      t.setLocked(c, original.locked());
      t.attach(c, item[1], original.mountpoint());
      int[] kids = t.children(item[0]);
      for (int i = kids.length - 1; i >= 0; i--) work.push(new int[] {kids[i], c});
    }
    return Result.ok(root);
  }

  /** True when the mount's root is a mount namespace file (an nsfs mount, is_mnt_ns_file()). */
  static boolean isNamespaceFile(MountTableBuilder t, int mount) {
    int nsfs = t.shell().nsfsSuperblock();
    return nsfs != 0 && t.mount(mount).superblock() == nsfs;
  }

  /** The mounts of a tree in preorder (root first). */
  static List<Integer> subtree(MountTableBuilder t, int root) {
    List<Integer> out = new ArrayList<>();
    ArrayDeque<Integer> work = new ArrayDeque<>();
    work.push(root);
    while (!work.isEmpty()) {
      int m = work.pop();
      out.add(m);
      int[] kids = t.children(m);
      for (int i = kids.length - 1; i >= 0; i--) work.push(kids[i]);
    }
    return out;
  }

  /** The topmost mount of the stack of overmounts that starts at {@code m}'s root. */
  static int topOfStack(MountTableBuilder t, int m) {
    return t.stackTop(m);
  }
}
