package mountcheck.model.umount;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The same graph with child lists, peer rings and slave lists in another order (each group still
 * one contiguous segment of its master's slave list). Navigation goes through the interface's
 * default methods, so every walk sees the new orders.
 */
final class PermutedGraph implements MountGraph {
  private final MountGraph base;
  private final int[][] children;
  private final int[][] ring;
  private final int[][] slaves;

  PermutedGraph(MountGraph base, Random rnd) {
    this.base = base;
    int size = base.maxMountId() + 1;
    children = new int[size][];
    ring = new int[size][];
    slaves = new int[size][];
    for (int m = 1; m < size; m++) {
      children[m] = shuffled(base.children(m), rnd);
      slaves[m] = shuffledBlocks(base, base.slaves(m), rnd);
    }
    for (int m = 1; m < size; m++) {
      if (ring[m] == null) {
        int[] r = shuffled(base.peers(m), rnd);
        for (int p : r) {
          ring[p] = r;
        }
      }
    }
  }

  private static int[] shuffled(int[] a, Random rnd) {
    List<Integer> l = new ArrayList<>();
    for (int x : a) {
      l.add(x);
    }
    Collections.shuffle(l, rnd);
    return l.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int[] shuffledBlocks(MountGraph g, int[] list, Random rnd) {
    List<List<Integer>> blocks = new ArrayList<>();
    for (int i = 0; i < list.length; i++) {
      List<Integer> last = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
      if (last != null && g.arePeers(last.get(0), list[i])) {
        last.add(list[i]);
      } else {
        blocks.add(new ArrayList<>(List.of(list[i])));
      }
    }
    Collections.shuffle(blocks, rnd);
    List<Integer> out = new ArrayList<>();
    for (List<Integer> block : blocks) {
      Collections.shuffle(block, rnd);
      out.addAll(block);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** U's subtree in preorder over the permuted child lists. */
  List<Integer> subtree(int m) {
    List<Integer> out = new ArrayList<>();
    TestGraph.collect(this, m, out);
    return out;
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
    return ring[m].clone();
  }

  @Override
  public int[] slaves(int m) {
    return slaves[m].clone();
  }

  @Override
  public int maxMountId() {
    return base.maxMountId();
  }
}
