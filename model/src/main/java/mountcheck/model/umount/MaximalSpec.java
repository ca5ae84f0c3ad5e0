package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;

import java.util.ArrayList;
import java.util.List;

/**
 * The definition of the 2025 result by exhaustive search (Documentation/filesystems/
 * propagate_umount.txt, docs/semantics.md §2.8.4 and §3.5): among all subsets S of U plus its
 * candidates that contain U, take the largest one that is non-shifting (every subtree mounted
 * strictly inside a member, not on its root, lies in S) and non-revealing (every locked member's
 * parent is in S). Both properties survive unions, so the largest such S is the union of all of
 * them and is unique. Members whose overmount survives have it reparented to where the bottom of
 * the dying stack is attached.
 *
 * <p>Candidates are collected naively: every mount at (r, mountpoint(m)) for m in U and r a
 * receiver of m's parent. The search is exponential in their number and refuses more than {@link
 * #MAX_CANDIDATES}.
 */
public final class MaximalSpec implements UmountAlgorithm {
  /** Largest number of candidates outside U that the search accepts (2^16 subsets). */
  public static final int MAX_CANDIDATES = 16;

  @Override
  public String name() {
    return "spec";
  }

  @Override
  public UmountPlan plan(MountGraph g, List<Integer> u) {
    Work work = new Work();
    boolean[] inS = new boolean[g.maxMountId() + 1];
    for (int m : u) {
      inS[m] = true;
    }
    boolean[] seen = new boolean[inS.length];
    List<Integer> candidates = new ArrayList<>();
    for (int m : u) {
      int parent = g.parent(m);
      if (parent == NONE) {
        continue;
      }
      for (int r = Propagation.first(g, parent, work);
          r != NONE;
          r = Propagation.next(g, r, parent, work)) {
        int c = work.lookup(g, r, g.mountpoint(m));
        if (c != NONE && !inS[c] && !seen[c]) {
          seen[c] = true;
          candidates.add(c);
        }
      }
      if (candidates.size() > MAX_CANDIDATES) {
        break;
      }
    }
    if (candidates.size() > MAX_CANDIDATES) {
      throw new IllegalArgumentException(
          "spec: the search is exponential and refuses more than "
              + MAX_CANDIDATES
              + " candidates (found at least "
              + candidates.size()
              + "); use it on small trees only");
    }
    long best = 0;
    for (long subset = 0; subset < (1L << candidates.size()); subset++) {
      if ((subset & best) == subset) {
        continue; // already inside a known valid set
      }
      setMembers(inS, candidates, subset, true);
      if (nonShifting(g, inS, u, candidates, work) && nonRevealing(g, inS, u, candidates)) {
        best |= subset; // valid sets are closed under union
      }
      setMembers(inS, candidates, subset, false);
    }
    setMembers(inS, candidates, best, true);
    List<Integer> victims = new ArrayList<>(u);
    List<Reparent> reparents = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      if ((best & (1L << i)) == 0) {
        continue;
      }
      int c = candidates.get(i);
      victims.add(c);
      int over = g.overmount(c);
      if (over != NONE && !inS[over]) {
        reparents.add(survivingAttachment(g, over, inS));
      }
    }
    return new UmountPlan(victims, reparents, work.units());
  }

  private static void setMembers(boolean[] inS, List<Integer> cands, long subset, boolean value) {
    for (int i = 0; i < cands.size(); i++) {
      if ((subset & (1L << i)) != 0) {
        inS[cands.get(i)] = value;
      }
    }
  }

  private static boolean nonShifting(
      MountGraph g, boolean[] inS, List<Integer> u, List<Integer> cands, Work work) {
    for (List<Integer> members : List.of(u, cands)) {
      for (int x : members) {
        if (!inS[x]) {
          continue;
        }
        for (int child : g.children(x)) {
          if (g.mountpoint(child) != g.root(x) && !subtreeInside(g, child, inS, work)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private static boolean subtreeInside(MountGraph g, int m, boolean[] inS, Work work) {
    work.tick();
    if (!inS[m]) {
      return false;
    }
    for (int child : g.children(m)) {
      if (!subtreeInside(g, child, inS, work)) {
        return false;
      }
    }
    return true;
  }

  private static boolean nonRevealing(
      MountGraph g, boolean[] inS, List<Integer> u, List<Integer> cands) {
    for (List<Integer> members : List.of(u, cands)) {
      for (int x : members) {
        if (inS[x] && g.locked(x) && (g.parent(x) == NONE || !inS[g.parent(x)])) {
          return false;
        }
      }
    }
    return true;
  }

  private static Reparent survivingAttachment(MountGraph g, int over, boolean[] inS) {
    int p = over;
    int mountpoint;
    do {
      mountpoint = g.mountpoint(p);
      p = g.parent(p);
    } while (p != NONE && inS[p]);
    return new Reparent(over, p, mountpoint);
  }
}
