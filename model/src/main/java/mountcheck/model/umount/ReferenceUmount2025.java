package mountcheck.model.umount;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The 2025 umount propagation rule stated declaratively and computed by a simple fixpoint
 * (Documentation/filesystems/propagate_umount.txt; mainline f0d0ba19985d, Linux 6.17): the victims
 * are the largest subset of U ∪ candidates that contains U and is
 *
 * <ul>
 *   <li>non-shifting: whatever is mounted strictly inside a victim (not on its root) is a victim,
 *       together with its whole subtree;
 *   <li>non-revealing: a locked victim has a victim parent.
 * </ul>
 *
 * Candidates are the mounts at (r, m.mountpoint) for m in U and r a receiver of m's parent.
 * Surviving overmounts of victims are reparented to where the bottom of their dying stack was
 * attached.
 *
 * <p>Why one pass per rule suffices: removing a mount for shifting never changes whether a subtree
 * holds a non-victim (that mount's subtree already did), and removing a locked mount whose parent
 * is not a victim only affects the locked children below it. Linear in the mounts looked at;
 * written for clarity, not to mirror the kernel's phases ({@code Viro2025} does).
 */
public final class ReferenceUmount2025 implements UmountAlgorithm {
  @Override
  public String name() {
    return "reference";
  }

  @Override
  public UmountPlan plan(MountGraph g, List<Integer> u) {
    int n = g.maxMountId() + 1;
    byte[] state = new byte[n]; // 0 outside, 1 in U, 2 candidate
    long[] work = {0};
    for (int m : u) state[m] = 1;
    List<Integer> candidates = new ArrayList<>();
    for (int m : u) {
      int p = g.parent(m);
      if (p == MountGraph.NONE) continue;
      for (int r : Receivers.of(g, p)) {
        work[0]++;
        int c = g.lookup(r, g.mountpoint(m));
        if (c != MountGraph.NONE && state[c] == 0) {
          state[c] = 2;
          candidates.add(c);
        }
      }
    }
    // non-shifting: drop candidates with something outside the set strictly inside them
    byte[] holdsOutsider = subtreesHoldingOutsiders(g, candidates, state, work); // 1 yes, 2 no
    List<Integer> kept = new ArrayList<>();
    for (int c : candidates) {
      boolean shifting = false;
      for (int child : g.children(c)) {
        work[0]++;
        if (g.mountpoint(child) != g.root(c) && holdsOutsider[child] == 1) shifting = true;
      }
      if (shifting) state[c] = 0;
      else kept.add(c);
    }
    // non-revealing: a locked candidate whose parent is not a victim goes, and so, in turn, do
    // the locked candidates below it
    ArrayDeque<Integer> dropped = new ArrayDeque<>();
    for (int c : kept) if (g.locked(c) && state[g.parent(c)] == 0) dropped.add(c);
    while (!dropped.isEmpty()) {
      int c = dropped.poll();
      if (state[c] == 0) continue;
      state[c] = 0;
      for (int child : g.children(c)) if (state[child] == 2 && g.locked(child)) dropped.add(child);
    }
    List<Integer> victims = new ArrayList<>(u);
    List<Reparent> reparents = new ArrayList<>();
    for (int c : kept) {
      if (state[c] != 2) continue;
      victims.add(c);
      int over = g.overmount(c);
      if (over != MountGraph.NONE && state[over] == 0)
        reparents.add(reparentTarget(g, over, state));
    }
    return new UmountPlan(victims, reparents, work[0]);
  }

  /** Climb from a surviving overmount over dying mounts; attach where the stack's bottom was. */
  private static Reparent reparentTarget(MountGraph g, int over, byte[] state) {
    int p = g.parent(over);
    int mp = g.mountpoint(over);
    while (p != MountGraph.NONE && state[p] != 0) {
      mp = g.mountpoint(p);
      p = g.parent(p);
    }
    return new Reparent(over, p, mp);
  }

  /**
   * For every mount in the candidates' subtrees: 1 if its subtree holds a mount that is neither in
   * U nor a candidate, 2 if not. Iterative post-order, so deep stacks do not overflow.
   */
  private static byte[] subtreesHoldingOutsiders(
      MountGraph g, List<Integer> roots, byte[] state, long[] work) {
    byte[] memo = new byte[g.maxMountId() + 1];
    ArrayDeque<int[]> stack = new ArrayDeque<>(); // {mount, next child index}
    for (int r : roots) {
      if (memo[r] != 0) continue;
      stack.push(new int[] {r, 0});
      while (!stack.isEmpty()) {
        int[] top = stack.peek();
        int m = top[0];
        int[] kids = g.children(m);
        if (top[1] < kids.length) {
          int child = kids[top[1]++];
          work[0]++;
          if (memo[child] == 0) stack.push(new int[] {child, 0});
          continue;
        }
        stack.pop();
        boolean outsider = state[m] == 0;
        for (int child : kids) if (memo[child] == 1) outsider = true;
        memo[m] = (byte) (outsider ? 1 : 2);
      }
    }
    return memo;
  }
}
