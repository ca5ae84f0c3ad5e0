package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;

import java.util.ArrayList;
import java.util.List;

/**
 * The original propagate_umount of shared subtrees (Ram Pai, 2.6.15; as in 3.6's fs/pnode.c,
 * docs/semantics.md §3.1): for every m in U and every receiver r of m's parent, the mount at (r,
 * mountpoint(m)) goes too if it has no children at all. In that era umount_tree unlinked nothing
 * before propagating, so children that are themselves victims still count. No lock awareness, no
 * overmount handling, no reparenting; cost |U| x |Receivers|.
 *
 * <p>The kernel slid each propagated victim in front of m, so the loop never propagated from it;
 * that changes nothing, because a childless victim's receivers are receivers of m's parent.
 */
public final class Naive2005 implements UmountAlgorithm {
  @Override
  public String name() {
    return "naive";
  }

  @Override
  public UmountPlan plan(MountGraph g, List<Integer> u) {
    Work work = new Work();
    boolean[] victim = new boolean[g.maxMountId() + 1];
    List<Integer> victims = new ArrayList<>(u);
    for (int m : u) {
      victim[m] = true;
    }
    for (int m : u) {
      work.tick();
      int parent = g.parent(m);
      if (parent == NONE) {
        continue;
      }
      int dentry = g.mountpoint(m);
      for (int r = Propagation.first(g, parent, work);
          r != NONE;
          r = Propagation.next(g, r, parent, work)) {
        int c = work.lookup(g, r, dentry);
        if (c != NONE && !victim[c] && g.children(c).length == 0) {
          victim[c] = true;
          victims.add(c);
        }
      }
    }
    return new UmountPlan(victims, List.of(), work.units());
  }
}
