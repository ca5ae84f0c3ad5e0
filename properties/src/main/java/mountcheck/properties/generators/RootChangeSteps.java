package mountcheck.properties.generators;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import mountcheck.engine.Source;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.Umount;

/**
 * A root change for the generated scenarios (docs/semantics.md §2.18): {@code chroot M}, {@code
 * pivot_root M PUT_OLD} or {@code mountfd chroot NAME} into a path M the scenario mounted on
 * (often) or any path, after a {@code mkdir -p} of the generator's directories inside M, so that
 * the paths drawn after it (all under {@code /mnt}, now seen from M) often exist. Choice 0 is the
 * simplest: a chroot.
 *
 * <p>{@code mountfd chroot NAME} goes into a descriptor an {@code open_tree} of M made, copy or not
 * (it may fail, and then the chroot is EBADF), or into one that cannot fail: a plain {@code
 * open_tree} of /mnt, or a new tmpfs from {@code fsopen}/{@code fsmount} (a detached tree). After
 * those two only, the step may go on with {@code umount /} (the root's superblock made read-only;
 * EINVAL in a detached tree): a line naming {@code /} after a root change that failed is not
 * modelled (docs/language.md, "The caller's root").
 */
final class RootChangeSteps {
  /** The directories the generator's paths use, made again below the new root. */
  private static final List<String> INSIDE = List.of("/mnt/a/a", "/mnt/a/b", "/mnt/b/a");

  /** The descriptor a {@code mountfd chroot} goes into. */
  static final String ROOT_NAME = "r";

  /** The filesystem context of the new tmpfs a {@code mountfd chroot} may go into. */
  private static final String CONTEXT = "c";

  private RootChangeSteps() {}

  /**
   * The steps around a root change into {@code m}; {@code mayNameRoot} when the fsopen of a new
   * tmpfs cannot fail (no {@code unshare -Ur} shell), so that {@code umount /} may follow.
   */
  static List<Operation> step(Source s, String m, boolean mayNameRoot) {
    List<String> dirs = new ArrayList<>();
    if (s.drawCoin(0.8)) for (String d : INSIDE) dirs.add(m + d);
    // the descriptor chroot, the newest form, two times in five
    switch (s.draw(4)) {
      case 0:
        return withDirs(dirs, List.of(new ChangeRoot(m)));
      case 1:
        // put_old below the new root, where the generator's paths can reach the old root
        dirs.add(m + "/mnt/b/b");
        return withDirs(dirs, List.of(new PivotRoot(m, m + "/mnt/b/b")));
      case 2:
        // the runtimes' pivot_root(".", "."): the old root stacked on the new one
        return withDirs(dirs, List.of(new PivotRoot(m, m)));
      default:
        return intoDescriptor(s, m, dirs, mayNameRoot);
    }
  }

  /** {@code mountfd chroot} into an open_tree of m, of /mnt, or into a new detached tmpfs. */
  private static List<Operation> intoDescriptor(
      Source s, String m, List<String> dirs, boolean mayNameRoot) {
    List<Operation> out = new ArrayList<>();
    Operation chroot = new ChangeRootToDescriptor(ROOT_NAME);
    switch (mayNameRoot ? s.draw(2) : 0) {
      case 0:
        {
          boolean copy = s.drawCoin(0.6);
          out.add(new OpenTree(ROOT_NAME, m, copy, copy && s.drawCoin(0.5)));
          out.add(chroot);
          return withDirs(dirs, out);
        }
      case 1:
        {
          // /mnt is always there: the chroot works
          List<String> inside = new ArrayList<>();
          for (String d : dirs) inside.add("/mnt" + d.substring(m.length()));
          out.add(new OpenTree(ROOT_NAME, "/mnt", false, false));
          out.add(chroot);
          out.addAll(umountOfRoot(s));
          return withDirs(inside, out);
        }
      default:
        {
          // a tmpfs in no namespace: the table from it is empty, its mkdir works
          out.add(new FsOpen(CONTEXT, "tmpfs"));
          out.add(new FsConfig(CONTEXT, null));
          out.add(new FsMount(ROOT_NAME, CONTEXT, Set.of()));
          out.add(chroot);
          if (!dirs.isEmpty()) out.add(new MakeDirs(INSIDE));
          out.addAll(umountOfRoot(s));
          return out;
        }
    }
  }

  /**
   * Nothing (the simplest) or {@code umount /}. Not {@code umount -l /}: the lines drawn after it
   * would walk from a root that left the namespace, which the model does not follow (it says "not
   * modelled"); the recorded cases (conformance/C90, the beneath_rootfs selftests) cover it.
   */
  private static List<Operation> umountOfRoot(Source s) {
    if (!s.drawCoin(0.6)) return List.of();
    return List.of(new Umount("/", false));
  }

  private static List<Operation> withDirs(List<String> dirs, List<Operation> change) {
    if (dirs.isEmpty()) return change;
    List<Operation> out = new ArrayList<>();
    out.add(new MakeDirs(dirs));
    out.addAll(change);
    return out;
  }
}
