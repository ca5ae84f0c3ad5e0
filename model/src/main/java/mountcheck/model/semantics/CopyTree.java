package mountcheck.model.semantics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;

/** clone_mnt() and copy_tree() of fs/namespace.c: how copies join the propagation graph. */
final class CopyTree {
  private CopyTree() {}

  /**
   * clone_mnt(old, root, flags): a detached copy of one mount rooted at {@code root}, with the
   * original's attributes and attribute locks (clone_mnt() copies mnt_flags). The copy is never
   * MNT_LOCKED; it is a peer of a shared original unless CL_SLAVE; with CL_SLAVE it is a slave of a
   * shared original, else it follows the original's master.
   *
   * <p>On 6.18 the copy is never unbindable either: since the 6.17 series moved T_UNBINDABLE into
   * mnt_t_flags, clone_mnt() copies only mnt_flags, so Linux 6.18 drops the mark even where
   * sharedsubtree.rst §5g says a namespace copy keeps it (observed: conformance/C10a, probes/a2).
   * Older kernels and 7.2 keep it ({@link CloneFlags#keepUnbindable()}). Bind and rbind never clone
   * an unbindable mount, so only namespace copies show the difference.
   */
  static int clone(MountTableBuilder t, int old, int root, CloneFlags flags) {
    return clone(t, t.mount(old), root, flags);
  }

  private static int clone(MountTableBuilder t, Mount o, int root, CloneFlags flags) {
    int group = flags.slave() ? 0 : o.group();
    if (flags.makeShared() && group == 0) group = t.newGroupId();
    int master = flags.slave() && o.shared() ? o.id() : o.master();
    int id =
        t.newMount(
            o.superblock(),
            root,
            group,
            master,
            flags.keepUnbindable() && o.unbindable(),
            o.attributes(),
            o.attributeLocks());
    followOriginalInRing(t, id, o);
    return id;
  }

  /** Rings up to this size keep the kernel's order exactly; larger ones append the copy. */
  private static final int RING_ORDER_LIMIT = 64;

  /**
   * clone_mnt() puts a copy that joins its original's peer group right after the original in the
   * ring (list_add() on mnt_share), which decides the master do_make_slave() picks later
   * (ChangePropagation). The model's rows append; reordering costs the ring's length, so rings
   * larger than {@link #RING_ORDER_LIMIT} (the overlap family's million peers) keep the appended
   * order, where only that choice of master among peers could differ.
   */
  private static void followOriginalInRing(MountTableBuilder t, int copy, Mount o) {
    int group = t.mount(copy).group();
    if (group != 0 && group == o.group() && t.groupSize(group) <= RING_ORDER_LIMIT)
      t.joinGroupAfter(copy, group, o.id());
  }

  /**
   * {@link #clone} of a mount below the copied root, attached to {@code parent} (the copy of its
   * parent) at its own mountpoint and keeping MNT_LOCKED, in one write of the new mount.
   */
  private static int cloneAttached(MountTableBuilder t, Mount o, CloneFlags flags, int parent) {
    int group = flags.slave() ? 0 : o.group();
    if (flags.makeShared() && group == 0) group = t.newGroupId();
    int master = flags.slave() && o.shared() ? o.id() : o.master();
    int id =
        t.newAttachedMount(
            o.superblock(),
            o.root(),
            group,
            master,
            flags.keepUnbindable() && o.unbindable(),
            o.locked(),
            parent,
            o.mountpoint(),
            o.attributes(),
            o.attributeLocks());
    followOriginalInRing(t, id, o);
    return id;
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
    if (t.childCount(src) == 0) return Result.ok(root); // clone_mnt() alone: nothing to walk
    Dentry at = t.dentry(dentry);
    // a stack of (original, copy of its parent) pairs, unboxed: copying a million mounts allocates
    // nothing per mount here
    int[] originals = new int[16];
    int[] parents = new int[16];
    int size = 0;
    int[] top = t.children(src);
    for (int i = top.length - 1; i >= 0; i--) {
      if (t.dentry(t.mount(top[i]).mountpoint()).isAtOrBelow(at)) {
        if (size == originals.length) {
          originals = Arrays.copyOf(originals, size * 2);
          parents = Arrays.copyOf(parents, size * 2);
        }
        originals[size] = top[i];
        parents[size++] = root;
      }
    }
    while (size > 0) {
      size--;
      int item = originals[size];
      int parent = parents[size];
      Mount original = t.mount(item);
      if (original.unbindable() && !flags.copyUnbindable()) {
        if (original.locked())
          return Result.err(
              ErrorSite.PRUNE_LOCKED, "pruning a locked unbindable mount would reveal it");
        continue; // prune the whole subtree
      }
      if (!flags.copyNamespaceFiles() && isNamespaceFile(t, item)) continue;
      int c = cloneAttached(t, original, flags, parent);
      if (copies != null) copies.put(item, c);
      int kidCount = t.childCount(item);
      if (kidCount == 0) continue;
      if (kidCount == 1) { // a chain: no array of children
        if (size == originals.length) {
          originals = Arrays.copyOf(originals, size * 2);
          parents = Arrays.copyOf(parents, size * 2);
        }
        originals[size] = t.firstChild(item);
        parents[size++] = c;
        continue;
      }
      int[] kids = t.children(item);
      if (size + kids.length > originals.length) {
        int grown = Math.max(originals.length * 2, size + kids.length);
        originals = Arrays.copyOf(originals, grown);
        parents = Arrays.copyOf(parents, grown);
      }
      for (int i = kids.length - 1; i >= 0; i--) {
        originals[size] = kids[i];
        parents[size++] = c;
      }
    }
    return Result.ok(root);
  }

  /** True when the mount's root is a mount namespace file (an nsfs mount, is_mnt_ns_file()). */
  static boolean isNamespaceFile(MountTableBuilder t, int mount) {
    int nsfs = t.shell().nsfsSuperblock();
    return nsfs != 0 && t.mount(mount).superblock() == nsfs;
  }

  /** The mounts of a tree in preorder (root first). */
  static int[] subtree(MountTableBuilder t, int root) {
    if (t.childCount(root) == 0) return new int[] {root};
    int[] out = new int[16];
    int count = 0;
    int[] work = new int[16];
    int size = 0;
    work[size++] = root;
    while (size > 0) {
      int m = work[--size];
      if (count == out.length) out = Arrays.copyOf(out, count * 2);
      out[count++] = m;
      int kidCount = t.childCount(m);
      if (kidCount == 0) continue;
      if (kidCount == 1) {
        if (size == work.length) work = Arrays.copyOf(work, size * 2);
        work[size++] = t.firstChild(m);
        continue;
      }
      int[] kids = t.children(m);
      if (size + kids.length > work.length)
        work = Arrays.copyOf(work, Math.max(work.length * 2, size + kids.length));
      for (int i = kids.length - 1; i >= 0; i--) work[size++] = kids[i];
    }
    return count == out.length ? out : Arrays.copyOf(out, count);
  }

  /** {@link #subtree} as a list, for the umount algorithms' inputs. */
  static List<Integer> subtreeList(MountTableBuilder t, int root) {
    int[] ids = subtree(t, root);
    List<Integer> out = new ArrayList<>(ids.length);
    for (int m : ids) out.add(m);
    return out;
  }

  /** The topmost mount of the stack of overmounts that starts at {@code m}'s root. */
  static int topOfStack(MountTableBuilder t, int m) {
    return t.stackTop(m);
  }
}
