package mountcheck.model.umount;

import java.util.List;

/**
 * One generation of propagate_umount. Input: the graph and U, the closed subtree umount_tree takes
 * out (preorder, root first, root unlocked). Output: the plan. Pure: no state is changed.
 */
public interface UmountAlgorithm {
  /** Short name as accepted by {@code --umount} (for example {@code 2025}). */
  String name();

  UmountPlan plan(MountGraph graph, List<Integer> u);
}
