package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;

import java.util.ArrayList;
import java.util.List;

/**
 * propagate_umount of 4.5-4.10 (Eric Biederman's 2015 lock-aware series; docs/semantics.md §3.2).
 * Pass 1, mark_umount_candidates, over U top down: the mount c at (r, mountpoint(m)) of every
 * receiver r of m's parent is marked when c is unlocked or r is itself marked. Pass 2,
 * __propagate_umount, over U bottom up: a marked c loses its mark and is unmounted if it has no
 * children left (U and earlier victims are unlinked). Any child blocks, a root-covering topper
 * included: this is also the {@code umount-2016} known-bug variant against the 2025 rule.
 *
 * <p>Each candidate is decided the first time pass 2 meets it with its mark, so the result depends
 * on the order of the peer ring when candidates sit on one another (fixed in 2017 by 99b19d16471e);
 * the other generations do not depend on order.
 *
 * <p>Shadow mounts (several mounts on one mountpoint) no longer exist, so {@code __lookup_mnt_last}
 * is a plain lookup; a candidate that is already a victim is left alone.
 */
public final class Lock2016 implements UmountAlgorithm {
  private final String name;

  public Lock2016() {
    this("2016");
  }

  /** The same algorithm under another registry name (the {@code umount-2016} variant). */
  public Lock2016(String name) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public UmountPlan plan(MountGraph g, List<Integer> u) {
    Work work = new Work();
    int size = g.maxMountId() + 1;
    boolean[] victim = new boolean[size];
    boolean[] marked = new boolean[size];
    int[] unlinkedChildren = new int[size];
    List<Integer> victims = new ArrayList<>(u);
    for (int m : u) {
      victim[m] = true;
      unlink(g, m, unlinkedChildren);
    }
    for (int m : u) {
      int parent = g.parent(m);
      if (parent == NONE) {
        continue;
      }
      for (int r = Propagation.first(g, parent, work);
          r != NONE;
          r = Propagation.next(g, r, parent, work)) {
        int c = work.lookup(g, r, g.mountpoint(m));
        if (c != NONE && (!g.locked(c) || marked[r])) {
          marked[c] = true;
        }
      }
    }
    for (int i = u.size() - 1; i >= 0; i--) {
      int m = u.get(i);
      int parent = g.parent(m);
      if (parent == NONE) {
        continue;
      }
      for (int r = Propagation.first(g, parent, work);
          r != NONE;
          r = Propagation.next(g, r, parent, work)) {
        int c = work.lookup(g, r, g.mountpoint(m));
        if (c == NONE || !marked[c]) {
          continue;
        }
        marked[c] = false;
        if (!victim[c] && g.children(c).length == unlinkedChildren[c]) {
          victim[c] = true;
          victims.add(c);
          unlink(g, c, unlinkedChildren);
        }
      }
    }
    return new UmountPlan(victims, List.of(), work.units());
  }

  private static void unlink(MountGraph g, int m, int[] unlinkedChildren) {
    int parent = g.parent(m);
    if (parent != NONE) {
      unlinkedChildren[parent]++;
    }
  }
}
