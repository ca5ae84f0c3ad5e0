package mountcheck.model.events;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;

/**
 * A program that keeps a copy of one namespace's mount table the incremental way: it starts from a
 * snapshot (listmount() of every mount, statmount() of each for its parent) and then applies the
 * namespace's change stream, re-reading the parent of every mount an event names. It never reads
 * the whole table again. Immutable values in, a new watcher out.
 *
 * @param namespace the watched namespace
 * @param parents mount id -> parent mount id as last read
 * @param problems what went wrong so far: an attach of a mount already known, a detach or move of a
 *     mount not known
 */
public record Watcher(int namespace, Map<Integer, Integer> parents, List<String> problems) {
  public Watcher {
    parents = Map.copyOf(parents);
    problems = List.copyOf(problems);
  }

  /** A watcher that starts from a snapshot: mount id -> parent id. */
  public static Watcher fromSnapshot(int namespace, Map<Integer, Integer> snapshot) {
    return new Watcher(namespace, snapshot, List.of());
  }

  /**
   * The watcher after the events of one system call, in delivery order; {@code parentNow} is what
   * statmount() says of a mount after the call (its parent id), for attached and moved mounts.
   */
  public Watcher apply(List<MountEvent> events, IntUnaryOperator parentNow) {
    Map<Integer, Integer> p = new HashMap<>(parents);
    List<String> wrong = new ArrayList<>(problems);
    for (MountEvent e : events) {
      if (e.namespace() != namespace) continue;
      int id = e.mount();
      switch (e.kind()) {
        case ATTACH -> {
          if (p.containsKey(id)) wrong.add("attach of mount " + id + ", already in the table");
          p.put(id, parentNow.applyAsInt(id));
        }
        case DETACH -> {
          if (p.remove(id) == null) wrong.add("detach of mount " + id + ", not in the table");
        }
        case MOVE -> {
          if (!p.containsKey(id)) wrong.add("move of mount " + id + ", not in the table");
          p.put(id, parentNow.applyAsInt(id));
        }
      }
    }
    return new Watcher(namespace, p, wrong);
  }

  /** The mount ids the watcher believes are in the namespace. */
  public Set<Integer> mounts() {
    return new TreeSet<>(parents.keySet());
  }

  /**
   * Mounts whose parent, as the watcher last read it, differs from {@code actual} (id -> parent).
   */
  public List<Integer> staleParents(Map<Integer, Integer> actual) {
    List<Integer> out = new ArrayList<>();
    for (Map.Entry<Integer, Integer> e : parents.entrySet()) {
      Integer now = actual.get(e.getKey());
      if (now != null && !now.equals(e.getValue())) out.add(e.getKey());
    }
    out.sort(null);
    return out;
  }
}
