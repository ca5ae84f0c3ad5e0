package mountcheck.properties.generators;

import java.util.ArrayList;
import java.util.List;
import mountcheck.engine.Source;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PivotRoot;

/**
 * A root change for the generated scenarios (docs/semantics.md §2.18): {@code chroot M} or {@code
 * pivot_root M PUT_OLD} into a path M the scenario mounted on (often) or any path, after a {@code
 * mkdir -p} of the generator's directories inside M, so that the paths drawn after it (all under
 * {@code /mnt}, now seen from M) often exist. Choice 0 is the simplest: a chroot.
 */
final class RootChangeSteps {
  /** The directories the generator's paths use, made again below the new root. */
  private static final List<String> INSIDE = List.of("/mnt/a/a", "/mnt/a/b", "/mnt/b/a");

  private RootChangeSteps() {}

  /** The steps around a root change into {@code m}. */
  static List<Operation> step(Source s, String m) {
    List<String> dirs = new ArrayList<>();
    if (s.drawCoin(0.8)) for (String d : INSIDE) dirs.add(m + d);
    switch (s.draw(2)) {
      case 0:
        return withDirs(dirs, new ChangeRoot(m));
      case 1:
        // put_old below the new root, where the generator's paths can reach the old root
        dirs.add(m + "/mnt/b/b");
        return withDirs(dirs, new PivotRoot(m, m + "/mnt/b/b"));
      default:
        // the runtimes' pivot_root(".", "."): the old root stacked on the new one
        return withDirs(dirs, new PivotRoot(m, m));
    }
  }

  private static List<Operation> withDirs(List<String> dirs, Operation change) {
    if (dirs.isEmpty()) return List.of(change);
    return List.of(new MakeDirs(dirs), change);
  }
}
