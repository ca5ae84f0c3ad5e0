package mountcheck.model.umount;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The same graph with child lists, peer rings and slave lists in another random order, as the
 * kernel could have built them: a peer group stays one contiguous run of its master's slave list
 * ({@code clone_mnt} inserts a copy of a slave right after its source; docs/semantics.md §1.3),
 * only the order of the runs and the order inside each run change. Results of propagate_umount must
 * not depend on these orders. Navigation goes through the interface's default methods, so every
 * walk sees the new orders.
 */
public final class PermutedGraph implements MountGraph {
  private final MountGraph base;
  private final Random rnd;
  // each order is drawn on first use and then kept, so that every walk sees the same graph
  private final int[][] children;
  private final int[][] ring;
  private final int[][] slaves;

  public PermutedGraph(MountGraph base, Random rnd) {
    this.base = base;
    this.rnd = rnd;
    int size = base.maxMountId() + 1;
    children = new int[size][];
    ring = new int[size][];
    slaves = new int[size][];
  }

  private static int[] shuffled(int[] a, Random rnd) {
    List<Integer> l = new ArrayList<>();
    for (int x : a) {
      l.add(x);
    }
    Collections.shuffle(l, rnd);
    return l.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The slave list cut into runs of peers; the runs and the members of each run shuffled. */
  static int[] shuffledRuns(MountGraph g, int[] list, Random rnd) {
    List<List<Integer>> runs = new ArrayList<>();
    for (int s : list) {
      List<Integer> last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
      if (last != null && g.arePeers(last.get(0), s)) {
        last.add(s);
      } else {
        runs.add(new ArrayList<>(List.of(s)));
      }
    }
    Collections.shuffle(runs, rnd);
    List<Integer> out = new ArrayList<>();
    for (List<Integer> run : runs) {
      Collections.shuffle(run, rnd);
      out.addAll(run);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public int parent(int m) {
    return base.parent(m);
  }

  @Override
  public int mountpoint(int m) {
    return base.mountpoint(m);
  }

  @Override
  public int root(int m) {
    return base.root(m);
  }

  @Override
  public int[] children(int m) {
    if (children[m] == null) children[m] = shuffled(base.children(m), rnd);
    return children[m].clone();
  }

  @Override
  public int lookup(int parent, int dentry) {
    return base.lookup(parent, dentry);
  }

  @Override
  public int group(int m) {
    return base.group(m);
  }

  @Override
  public int master(int m) {
    return base.master(m);
  }

  @Override
  public boolean locked(int m) {
    return base.locked(m);
  }

  @Override
  public int[] peers(int m) {
    if (ring[m] == null) {
      int[] r = shuffled(base.peers(m), rnd);
      for (int p : r) {
        ring[p] = r;
      }
      ring[m] = r;
    }
    return ring[m].clone();
  }

  @Override
  public int[] slaves(int m) {
    if (slaves[m] == null) slaves[m] = shuffledRuns(base, base.slaves(m), rnd);
    return slaves[m].clone();
  }

  @Override
  public int maxMountId() {
    return base.maxMountId();
  }
}
