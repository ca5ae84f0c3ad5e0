package mountcheck.model.umount;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An in-memory {@link MountGraph} for tests, built mount by mount. Ids are handed out from 1 in
 * creation order; peer rings and slave lists keep the order in which members were added. {@link
 * Builder#build()} checks the well-formedness the algorithms rely on.
 */
final class TestGraph implements MountGraph {
  private final int[] parent;
  private final int[] mountpoint;
  private final int[] root;
  private final int[] group;
  private final int[] master;
  private final boolean[] locked;
  private final int[][] children;
  private final int[][] ring;
  private final int[][] slaves;
  private final Map<Long, Integer> hash;
  private final int[] nextPeer;
  private final int[] nextSlave;

  private TestGraph(Builder b) {
    int size = b.parent.size() + 1;
    parent = new int[size];
    mountpoint = new int[size];
    root = new int[size];
    group = new int[size];
    master = new int[size];
    locked = new boolean[size];
    children = new int[size][];
    ring = new int[size][];
    slaves = new int[size][];
    hash = new HashMap<>();
    List<List<Integer>> kids = new ArrayList<>();
    for (int m = 0; m < size; m++) {
      kids.add(new ArrayList<>());
    }
    for (int m = 1; m < size; m++) {
      parent[m] = b.parent.get(m - 1);
      mountpoint[m] = b.mountpoint.get(m - 1);
      root[m] = b.root.get(m - 1);
      if (parent[m] != NONE) {
        kids.get(parent[m]).add(m);
        if (hash.put(key(parent[m], mountpoint[m]), m) != null) {
          throw new IllegalArgumentException("two mounts on (" + parent[m] + ", " + mountpoint[m]);
        }
      }
      ring[m] = new int[] {m};
      slaves[m] = new int[0];
    }
    for (int m = 1; m < size; m++) {
      children[m] = kids.get(m).stream().mapToInt(Integer::intValue).toArray();
      locked[m] = b.locked.contains(m);
      if (locked[m] && parent[m] == NONE) {
        throw new IllegalArgumentException("locked mount " + m + " has no parent");
      }
    }
    b.groups.forEach(
        (g, members) -> {
          int[] r = members.stream().mapToInt(Integer::intValue).toArray();
          for (int m : r) {
            group[m] = g;
            ring[m] = r;
          }
        });
    b.slaveLists.forEach(
        (mst, list) -> {
          slaves[mst] = list.stream().mapToInt(Integer::intValue).toArray();
          for (int s : slaves[mst]) {
            master[s] = mst;
          }
        });
    nextPeer = new int[size];
    nextSlave = new int[size];
    for (int m = 1; m < size; m++) {
      int[] r = ring[m];
      for (int i = 0; i < r.length; i++) {
        nextPeer[r[i]] = r[(i + 1) % r.length];
      }
      for (int i = 0; i + 1 < slaves[m].length; i++) {
        nextSlave[slaves[m][i]] = slaves[m][i + 1];
      }
    }
    validate();
  }

  private static long key(int parent, int dentry) {
    return ((long) parent << 32) | (dentry & 0xffffffffL);
  }

  private void validate() {
    for (int m = 1; m < parent.length; m++) {
      for (int p : ring[m]) {
        if (master[p] != master[m]) {
          throw new IllegalArgumentException("peers " + m + " and " + p + " differ in master");
        }
      }
      if (slaves[m].length > 0 && group[m] == 0) {
        throw new IllegalArgumentException("master " + m + " is not shared");
      }
      // members of one group form one contiguous segment of the slave list
      int[] s = slaves[m];
      for (int i = 0; i < s.length; i++) {
        for (int j = i + 2; j < s.length; j++) {
          if (group[s[i]] != 0 && group[s[i]] == group[s[j]]) {
            for (int k = i + 1; k < j; k++) {
              if (group[s[k]] != group[s[i]]) {
                throw new IllegalArgumentException("group split in slave list of " + m);
              }
            }
          }
        }
      }
      int steps = 0;
      for (int x = master[m]; x != NONE; x = master[x]) {
        if (++steps > parent.length) {
          throw new IllegalArgumentException("propagation cycle through " + m);
        }
      }
    }
  }

  /** The subtree of m in preorder (root first), as umount_tree collects it. */
  List<Integer> subtree(int m) {
    List<Integer> out = new ArrayList<>();
    collect(this, m, out);
    return out;
  }

  static void collect(MountGraph g, int m, List<Integer> out) {
    out.add(m);
    for (int c : g.children(m)) {
      collect(g, c, out);
    }
  }

  /** One line per mount: id parent@mountpoint root, group, master, lock. */
  String describe() {
    StringBuilder sb = new StringBuilder();
    for (int m = 1; m < parent.length; m++) {
      sb.append(String.format("%n  %d: on %d@%d root %d", m, parent[m], mountpoint[m], root[m]));
      if (group[m] != 0) {
        sb.append(" shared:").append(group[m]);
      }
      if (master[m] != NONE) {
        sb.append(" master:").append(master[m]);
      }
      if (locked[m]) {
        sb.append(" locked");
      }
    }
    return sb.toString();
  }

  int size() {
    return parent.length - 1;
  }

  @Override
  public int parent(int m) {
    return parent[m];
  }

  @Override
  public int mountpoint(int m) {
    return mountpoint[m];
  }

  @Override
  public int root(int m) {
    return root[m];
  }

  @Override
  public int[] children(int m) {
    return children[m].clone();
  }

  @Override
  public int lookup(int p, int dentry) {
    return hash.getOrDefault(key(p, dentry), NONE);
  }

  @Override
  public int group(int m) {
    return group[m];
  }

  @Override
  public int master(int m) {
    return master[m];
  }

  @Override
  public boolean locked(int m) {
    return locked[m];
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
    return parent.length - 1;
  }

  // O(1) steps (PermutedGraph exercises the interface's defaults instead)
  @Override
  public int nextPeer(int m) {
    return nextPeer[m];
  }

  @Override
  public int nextSlave(int m) {
    return nextSlave[m];
  }

  @Override
  public int firstSlave(int m) {
    return slaves[m].length == 0 ? NONE : slaves[m][0];
  }

  @Override
  public int lastSlave(int m) {
    return slaves[m].length == 0 ? NONE : slaves[m][slaves[m].length - 1];
  }

  static Builder builder() {
    return new Builder();
  }

  static final class Builder {
    private final List<Integer> parent = new ArrayList<>();
    private final List<Integer> mountpoint = new ArrayList<>();
    private final List<Integer> root = new ArrayList<>();
    private final List<Integer> locked = new ArrayList<>();
    private final Map<Integer, List<Integer>> groups = new HashMap<>();
    private final Map<Integer, List<Integer>> slaveLists = new HashMap<>();

    /** A mount with no parent (a namespace root); returns its id. */
    int top(int rootDentry) {
      return mount(NONE, rootDentry, rootDentry);
    }

    /** A mount of a filesystem dentry {@code rootDentry} at (parent, mountpoint). */
    int mount(int parentMount, int mountpointDentry, int rootDentry) {
      parent.add(parentMount);
      mountpoint.add(mountpointDentry);
      root.add(rootDentry);
      return parent.size();
    }

    /** Adds the mounts to peer group g, in ring order. */
    Builder share(int g, int... members) {
      for (int m : members) {
        groups.computeIfAbsent(g, k -> new ArrayList<>()).add(m);
      }
      return this;
    }

    /** Appends the mounts to the master's slave list. */
    Builder slaves(int masterMount, int... members) {
      for (int m : members) {
        slaveLists.computeIfAbsent(masterMount, k -> new ArrayList<>()).add(m);
      }
      return this;
    }

    Builder lock(int... members) {
      for (int m : members) {
        locked.add(m);
      }
      return this;
    }

    TestGraph build() {
      return new TestGraph(this);
    }
  }
}
