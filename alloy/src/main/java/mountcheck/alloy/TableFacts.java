package mountcheck.alloy;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A mount table and an umount request, in neutral terms: what the Java model and an Alloy instance
 * of subtrees.als can both be turned into.
 *
 * @param mounts the mounts, ids unique
 * @param umountTop id of the mount named in umount(2); U is it and its whole subtree
 */
public record TableFacts(List<MountFact> mounts, String umountTop) {

  public TableFacts {
    mounts = List.copyOf(mounts);
    Set<String> ids = new LinkedHashSet<>();
    for (MountFact m : mounts) {
      if (!ids.add(m.id())) {
        throw new IllegalArgumentException("duplicate mount id " + m.id());
      }
    }
    for (MountFact m : mounts) {
      if (m.parent() != null && !ids.contains(m.parent())) {
        throw new IllegalArgumentException(m.id() + ": unknown parent " + m.parent());
      }
    }
    if (!ids.contains(umountTop)) {
      throw new IllegalArgumentException("unknown umount target " + umountTop);
    }
  }

  /** The mounts by id, in table order. */
  public Map<String, MountFact> byId() {
    Map<String, MountFact> map = new LinkedHashMap<>();
    mounts.forEach(m -> map.put(m.id(), m));
    return map;
  }

  /** U: the umount target and everything mounted below it. */
  public Set<String> umountSet() {
    Set<String> u = new LinkedHashSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of(umountTop));
    while (!todo.isEmpty()) {
      String id = todo.pop();
      if (u.add(id)) {
        mounts.stream().filter(m -> id.equals(m.parent())).forEach(m -> todo.add(m.id()));
      }
    }
    return u;
  }
}
