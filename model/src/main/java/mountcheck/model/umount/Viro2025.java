package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;

import java.util.ArrayList;
import java.util.List;

/**
 * propagate_umount since 6.17 (Al Viro's rewrite f0d0ba19985d with the 6.17-rc3 fix da025cdb97a2;
 * Documentation/filesystems/propagate_umount.txt; docs/semantics.md §3.5). The result is the
 * maximal subset of U and its candidates that contains U, is non-shifting and is non-revealing,
 * found in time linear in the number of candidates:
 *
 * <ol>
 *   <li>gather candidates: the mounts at (r, mountpoint(m)) for m in U and r receiving from m's
 *       parent, skipping a receiver's whole peer group and downstream when its mount there was
 *       already gathered (the naive twin walks every receiver for every m instead);
 *   <li>trim to the maximal non-shifting subset (trim_one / trim_ancestors, marks keep chains of
 *       root-overmounts from being walked twice); childless unlocked ones commit at once;
 *   <li>trim to the maximal non-revealing subset (handle_locked over chains of candidates);
 *   <li>reparent the surviving overmount of each committed candidate past the dying stack.
 * </ol>
 */
public final class Viro2025 implements UmountAlgorithm {
  private static final byte CANDIDATE = 1; // T_UMOUNT_CANDIDATE
  private static final byte MARKED = 2; // T_MARKED: link already walked by trim_ancestors
  private static final byte UMOUNT = 4; // MNT_UMOUNT: in U or committed (unlinked from parent)

  private final String name;
  private final boolean skipGathered;
  private final boolean reparentVictimOvermounts;

  private Viro2025(String name, boolean skipGathered, boolean reparentVictimOvermounts) {
    this.name = name;
    this.skipGathered = skipGathered;
    this.reparentVictimOvermounts = reparentVictimOvermounts;
  }

  /** The kernel's algorithm (6.17-rc3 and later). */
  public static Viro2025 optimized() {
    return new Viro2025("2025", true, false);
  }

  /** The same phases after the naive candidate collection of propagate_umount.txt. */
  public static Viro2025 naiveGathering() {
    return new Viro2025("2025-naive", false, false);
  }

  /**
   * Known-bug variant {@code reparent-all-overmounts} (6.17-rc1, before da025cdb97a2): the
   * overmount of every committed candidate is reparented, even one that is itself a victim.
   */
  public static Viro2025 reparentAllOvermounts() {
    return new Viro2025("reparent-all-overmounts", true, true);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public UmountPlan plan(MountGraph g, List<Integer> u) {
    return new Run(g).plan(u);
  }

  private final class Run {
    final MountGraph g;
    final Work work = new Work();
    final MountFlags flags;
    final IntList candidates = new IntList(16); // kernel list order is the reverse
    IntList victims; // U, then the committed candidates (the kernel's to_umount) appended
    int committedFrom;

    Run(MountGraph g) {
      this.g = g;
      this.flags = new MountFlags(g.maxMountId());
    }

    boolean is(int m, byte flag) {
      return (flags.get(m) & flag) != 0;
    }

    UmountPlan plan(List<Integer> set) {
      int[] u = IntList.toArray(set);
      victims = new IntList(2 * u.length);
      victims.addAll(u);
      committedFrom = u.length;
      for (int m : u) {
        flags.set(m, UMOUNT);
      }
      gatherCandidates(u);
      // The kernel keeps undecided candidates on a list and unlinks each one it decides on; here
      // a decided candidate is recognised by its cleared flag, which the kernel also has to do
      // for those trim_ancestors strips, so one array in list order serves both passes.
      for (int i = candidates.size() - 1; i >= 0; i--) {
        trimOne(candidates.get(i));
      }
      for (int i = candidates.size() - 1; i >= 0; i--) {
        if (is(candidates.get(i), CANDIDATE)) {
          handleLocked(candidates.get(i));
        }
      }
      List<Reparent> reparents = new ArrayList<>();
      for (int i = committedFrom; i < victims.size(); i++) {
        int m = victims.get(i);
        int over = work.lookup(g, m, g.root(m));
        if (over != NONE && (reparentVictimOvermounts || !is(over, UMOUNT))) {
          reparents.add(reparent(over));
        }
      }
      return new UmountPlan(victims.freeze(), reparents, work.units());
    }

    void gatherCandidates(int[] u) {
      for (int m : u) {
        work.tick();
        if (skipGathered && is(m, CANDIDATE)) {
          continue;
        }
        flags.add(m, CANDIDATE);
        int p = g.parent(m);
        if (p == NONE) {
          continue;
        }
        int dentry = g.mountpoint(m);
        int q = Propagation.first(g, p, work);
        while (q != NONE) {
          int child = work.lookup(g, q, dentry);
          if (child != NONE && is(child, CANDIDATE)) {
            if (skipGathered) {
              q = Propagation.skipGroup(g, q, p, work);
              continue;
            }
          } else if (child != NONE) {
            flags.add(child, CANDIDATE);
            if (!is(child, UMOUNT)) {
              candidates.add(child);
            }
          }
          q = Propagation.next(g, q, p, work);
        }
      }
      for (int m : u) {
        flags.clear(m, CANDIDATE);
      }
    }

    void removeFromCandidates(int m) {
      flags.clear(m, CANDIDATE | MARKED);
    }

    void umountOne(int m) {
      flags.add(m, UMOUNT);
      victims.add(m);
    }

    /** Excludes every candidate forbidden by m; commits m at once if it is free to go. */
    void trimOne(int m) {
      if (!is(m, CANDIDATE)) {
        removeFromCandidates(m); // left on the list by trimAncestors
        return;
      }
      boolean found = false;
      boolean removeThis = false;
      boolean hasChildren = false;
      int root = g.root(m);
      for (int n : g.children(m)) {
        work.tick();
        if (is(n, UMOUNT)) {
          continue; // unlinked: in U or committed
        }
        hasChildren = true;
        if (!is(n, CANDIDATE)) {
          found = true;
          if (g.mountpoint(n) != root) {
            removeThis = true;
            break;
          }
        }
      }
      if (found) {
        trimAncestors(m);
      } else if (!hasChildren && !g.locked(m)) {
        removeFromCandidates(m);
        umountOne(m);
        return;
      }
      if (removeThis) {
        removeFromCandidates(m);
      }
    }

    /** Up from m through candidates: a parent whose child on the path is not its overmount goes. */
    void trimAncestors(int m) {
      for (int p = g.parent(m); p != NONE && is(p, CANDIDATE); m = p, p = g.parent(p)) {
        work.tick();
        if (is(m, MARKED)) {
          return; // everything above was walked already
        }
        flags.add(m, MARKED);
        if (g.mountpoint(m) != g.root(p)) {
          flags.clear(p, CANDIDATE);
        }
      }
    }

    /** Commits the part of m's candidate chain that a committed or unlocked mount holds up. */
    void handleLocked(int m) {
      if (!is(m, CANDIDATE)) {
        removeFromCandidates(m);
        return;
      }
      int cutoff = m;
      int p = m;
      for (; p != NONE && is(p, CANDIDATE); p = g.parent(p)) {
        work.tick();
        removeFromCandidates(p);
        if (!g.locked(p)) {
          cutoff = g.parent(p);
        }
      }
      if (p != NONE && is(p, UMOUNT)) {
        cutoff = p;
      }
      for (; m != cutoff; m = g.parent(m)) {
        umountOne(m);
      }
    }

    /** Where the bottom of the dying stack under the overmount is attached to a survivor. */
    Reparent reparent(int over) {
      int p = over;
      int mountpoint;
      do {
        work.tick();
        mountpoint = g.mountpoint(p);
        p = g.parent(p);
      } while (p != NONE && is(p, UMOUNT));
      return new Reparent(over, p, mountpoint);
    }
  }
}
