package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;

import java.util.ArrayList;
import java.util.List;

/**
 * propagate_umount of 4.13-6.16 (Eric Biederman: 570487d3faf2 reparent in a separate pass,
 * 99b19d16471e visit mounts in any order, 296990deb389 remember visits; docs/semantics.md §3.4).
 *
 * <p>Each m in U walks the receivers of its parent. A candidate c found there is tried: it may go
 * when every child is a root-covering topper or a marked (locked) candidate; tried candidates that
 * fail wait on a restore list, and success is retried up the parent chain while the parent waits
 * there. Then the subtrees of new victims go (toppers excepted), and every mount left on the
 * restore list whose parent dies is reparented past all dying ancestors. Known wrong answer: C16
 * (Al Viro, "[BUG] propagate_umount() breakage", 2025-05-11).
 *
 * <p>The optimized form remembers visits (U members met, victims met again, candidates tried) and,
 * meeting such a child, skips the receiver's slave list by jumping to its last slave. The
 * unoptimized twin is the same without that memory: the "before" column of 296990deb389.
 */
public final class Biederman2017 implements UmountAlgorithm {
  private static final byte UMOUNT = 1; // MNT_UMOUNT: in U or committed
  private static final byte MARKED = 2; // MNT_MARKED: may go once its parent goes
  private static final byte VISITED = 4; // on the visited list (mnt_umounting)
  private static final byte RESTORE = 8; // on the to_restore list (mnt_umounting)

  private final String name;
  private final boolean rememberVisits;
  private final boolean skipWithoutVisitedCheck;

  private Biederman2017(String name, boolean rememberVisits, boolean skipWithoutVisitedCheck) {
    this.name = name;
    this.rememberVisits = rememberVisits;
    this.skipWithoutVisitedCheck = skipWithoutVisitedCheck;
  }

  /** The kernel's algorithm (4.13-6.16). */
  public static Biederman2017 optimized() {
    return new Biederman2017("2017", true, false);
  }

  /** The same rules without remembering visits (before 296990deb389). */
  public static Biederman2017 unoptimized() {
    return new Biederman2017("2017-naive", false, false);
  }

  /**
   * Known-bug variant {@code skip-without-visited}: after every candidate found on a receiver, the
   * receiver's slave list is skipped as if that candidate had been visited before.
   */
  public static Biederman2017 skipWithoutVisitedCheck() {
    return new Biederman2017("skip-without-visited", true, true);
  }

  /** The same algorithm under another registry name (the {@code umount-2017} variant). */
  public Biederman2017 renamed(String newName) {
    return new Biederman2017(newName, rememberVisits, skipWithoutVisitedCheck);
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
    IntList victims; // U, then the committed candidates (the kernel's to_umount) appended
    int committedFrom;
    final IntList toRestore = new IntList(16);

    Run(MountGraph g) {
      this.g = g;
      this.flags = new MountFlags(g.maxMountId());
    }

    boolean is(int m, byte flag) {
      return (flags.get(m) & flag) != 0;
    }

    boolean listed(int m) {
      return is(m, (byte) (VISITED | RESTORE));
    }

    UmountPlan plan(List<Integer> set) {
      int[] u = IntList.toArray(set);
      victims = new IntList(2 * u.length);
      victims.addAll(u);
      committedFrom = u.length;
      for (int m : u) {
        flags.add(m, UMOUNT);
      }
      for (int m : u) {
        work.tick();
        if (rememberVisits) {
          if (listed(m)) {
            continue;
          }
          flags.add(m, VISITED);
        }
        int parent = g.parent(m);
        if (parent != NONE) {
          walkReceivers(parent, g.mountpoint(m));
        }
      }
      umountSubtrees();
      List<Reparent> reparents = restore();
      return new UmountPlan(victims.freeze(), reparents, work.units());
    }

    void walkReceivers(int parent, int dentry) {
      for (int r = Propagation.first(g, parent, work);
          r != NONE;
          r = Propagation.next(g, r, parent, work)) {
        int c = work.lookup(g, r, dentry);
        if (c == NONE) {
          continue;
        }
        if (rememberVisits && listed(c)) {
          r = Propagation.skipToLastSlave(g, r, work);
          continue;
        }
        if (is(c, UMOUNT)) {
          if (rememberVisits) {
            flags.add(c, VISITED);
          }
        } else {
          while (tryOne(c)) {
            c = g.parent(c);
            work.tick();
            if (!listed(c)) {
              break;
            }
          }
        }
        if (skipWithoutVisitedCheck) {
          r = Propagation.skipToLastSlave(g, r, work);
        }
      }
    }

    /** __propagate_umount: true when c was marked (and unmounted if unlocked). */
    boolean tryOne(int c) {
      if (is(c, (byte) (UMOUNT | MARKED))) {
        return false;
      }
      int root = g.root(c);
      for (int n : g.children(c)) {
        work.tick();
        boolean gone = is(n, UMOUNT);
        boolean topper = g.mountpoint(n) == root;
        boolean markedCandidate = listed(n) && is(n, MARKED);
        if (!gone && !topper && !markedCandidate) {
          moveToRestore(c);
          return false;
        }
      }
      flags.add(c, MARKED);
      if (g.locked(c)) {
        moveToRestore(c);
      } else {
        umountOne(c);
      }
      return true;
    }

    void umountOne(int m) {
      flags.set(m, UMOUNT);
      victims.add(m);
    }

    void moveToRestore(int m) {
      flags.set(m, (flags.get(m) & ~VISITED) | RESTORE);
      toRestore.add(m);
    }

    /** umount_list: everything under a new victim goes too, except root-covering toppers. */
    void umountSubtrees() {
      for (int i = committedFrom; i < victims.size(); i++) {
        int x = victims.get(i);
        int root = g.root(x);
        for (int child : g.children(x)) {
          work.tick();
          if (is(child, UMOUNT)) {
            continue;
          }
          if (g.mountpoint(child) == root) {
            moveToRestore(child);
          } else {
            umountOne(child);
          }
        }
      }
    }

    /** restore_mounts: reparent each waiting mount whose parent dies past the dying chain. */
    List<Reparent> restore() {
      List<Reparent> reparents = new ArrayList<>();
      for (int i = 0; i < toRestore.size(); i++) {
        int y = toRestore.get(i);
        if (!is(y, RESTORE)) {
          continue; // unmounted later, or already handled (the list may repeat a mount)
        }
        flags.set(y, 0);
        int mountpoint = g.mountpoint(y);
        int parent = g.parent(y);
        while (parent != NONE && is(parent, UMOUNT)) {
          work.tick();
          mountpoint = g.mountpoint(parent);
          parent = g.parent(parent);
        }
        if (parent != g.parent(y)) {
          reparents.add(new Reparent(y, parent, mountpoint));
        }
      }
      return reparents;
    }
  }
}
