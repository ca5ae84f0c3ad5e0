package mountcheck.model.umount;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Random well-formed, overlapping mount graphs for comparison tests: few dentries (so that
 * receivers often hold a mount at the same place, overmounts included), few peer groups (so that
 * propagation overlaps U), slave groups and slave-only mounts, locks. Peers share their master,
 * masters are shared, the propagation graph is acyclic, each group is one contiguous segment of its
 * master's slave list, and each (parent, dentry) holds at most one mount.
 *
 * <p>These are graphs, not model states: they test the umount generations alone, without the
 * semantics that builds states (the scenario generators in {@code properties/generators} and {@code
 * z3/RandomStates} build states through operations).
 */
final class RandomGraphs {
  private static final int DENTRIES = 3;

  private RandomGraphs() {}

  /** A graph and the U of an umount in it. */
  record Case(TestGraph graph, List<Integer> u) {
    @Override
    public String toString() {
      return graph.describe() + " U=" + u;
    }
  }

  static Case generate(Random rnd, int maxMounts) {
    while (true) {
      Case c = attempt(rnd, maxMounts);
      if (c != null) {
        return c;
      }
    }
  }

  private static Case attempt(Random rnd, int maxMounts) {
    int n = 3 + maxMounts / 3 + rnd.nextInt(maxMounts - 2 - maxMounts / 3);
    TestGraph.Builder b = TestGraph.builder();
    b.top(1);
    Set<Long> used = new HashSet<>();
    List<List<Integer>> members = new ArrayList<>();
    members.add(new ArrayList<>()); // index 0: not shared
    int count = 1;
    while (count < n) {
      List<Integer> created = new ArrayList<>();
      int dentry = 1 + rnd.nextInt(DENTRIES);
      int root = 1 + rnd.nextInt(DENTRIES);
      if (members.size() > 1 && rnd.nextDouble() < 0.6) {
        // as propagation would: one mount on the same dentry of several peers
        List<Integer> parents = members.get(1 + rnd.nextInt(members.size() - 1));
        for (int q : parents) {
          if (count < n && rnd.nextDouble() < 0.85 && used.add(key(q, dentry))) {
            created.add(b.mount(q, dentry, root));
            count++;
          }
        }
      } else {
        int parent = 1 + rnd.nextInt(count);
        if (used.add(key(parent, dentry))) {
          created.add(b.mount(parent, dentry, root));
          count++;
        }
      }
      if (created.isEmpty()) {
        if (rnd.nextDouble() < 0.1) {
          break; // a crowded graph: stop here
        }
        continue;
      }
      double kind = rnd.nextDouble();
      double newGroup = created.size() > 1 ? 0.6 : 0.3;
      if (kind < newGroup || members.size() == 1) {
        members.add(created); // a new peer group
      } else if (kind < 0.85) {
        members.get(1 + rnd.nextInt(members.size() - 1)).addAll(created);
      } else {
        members.get(0).addAll(created);
      }
    }
    int groups = members.size() - 1;
    int[] group = new int[count + 1];
    for (int g = 1; g <= groups; g++) {
      Collections.shuffle(members.get(g), rnd);
      b.share(g, members.get(g).stream().mapToInt(Integer::intValue).toArray());
      for (int m : members.get(g)) {
        group[m] = g;
      }
    }
    // slave lists: blocks (one per slave group, or a single slave-only mount) per master
    List<List<List<Integer>>> blocks = new ArrayList<>();
    for (int m = 0; m <= count; m++) {
      blocks.add(new ArrayList<>());
    }
    for (int g = 2; g <= groups; g++) {
      int mg = 1 + rnd.nextInt(g - 1);
      if (rnd.nextBoolean() && !members.get(g).isEmpty() && !members.get(mg).isEmpty()) {
        int master = members.get(mg).get(rnd.nextInt(members.get(mg).size()));
        blocks.get(master).add(members.get(g));
      }
    }
    List<Integer> shared = new ArrayList<>();
    for (int g = 1; g <= groups; g++) {
      shared.addAll(members.get(g));
    }
    for (int m = 2; m <= count; m++) {
      if (group[m] == 0 && !shared.isEmpty() && rnd.nextDouble() < 0.35) {
        int master = shared.get(rnd.nextInt(shared.size()));
        blocks.get(master).add(List.of(m));
      }
    }
    for (int master = 1; master <= count; master++) {
      Collections.shuffle(blocks.get(master), rnd);
      for (List<Integer> block : blocks.get(master)) {
        b.slaves(master, block.stream().mapToInt(Integer::intValue).toArray());
      }
    }
    List<Integer> rootChoices = new ArrayList<>();
    for (int m = 2; m <= count; m++) {
      if (rnd.nextDouble() < 0.25) {
        b.lock(m);
      } else {
        rootChoices.add(m);
      }
    }
    if (rootChoices.isEmpty()) {
      return null;
    }
    TestGraph g = b.build();
    // prefer mounts whose parent can propagate (the top is private), early ones (larger U)
    List<Integer> inside = new ArrayList<>();
    for (int m : rootChoices) {
      if (g.parent(m) != 1) {
        inside.add(m);
      }
    }
    List<Integer> choices = inside.isEmpty() || rnd.nextDouble() < 0.1 ? rootChoices : inside;
    int pick = Math.min(rnd.nextInt(choices.size()), rnd.nextInt(choices.size()));
    int root = choices.get(pick);
    return new Case(g, g.subtree(root));
  }

  private static long key(int parent, int dentry) {
    return ((long) parent << 32) | dentry;
  }
}
