package mountcheck.kernel.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import mountcheck.model.events.MountEvent;
import mountcheck.model.text.CanonicalEvent;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;

/**
 * A scenario observed on the live kernel: the marked namespaces' tables before the first line,
 * every line's events and tables, then the exits of the shells, innermost first (each with the
 * teardown of its namespace and of the namespaces that only it kept alive).
 *
 * @param namespaceFileRoots the root a namespace file of each marked namespace shows ({@code
 *     mnt:[INODE]}) to the indexes of the namespaces that had it, in order: the kernel reuses the
 *     inode number of a namespace torn down (proc_free_inum()), and at any time one live namespace
 *     has it
 */
public record LiveRun(
    Map<Integer, Map<Long, StatMount>> initial,
    List<String> initialMountinfo,
    List<LiveStep> steps,
    List<LiveStep> teardowns,
    Map<String, List<Integer>> namespaceFileRoots) {
  public LiveRun {
    initial = Map.copyOf(initial);
    initialMountinfo = List.copyOf(initialMountinfo);
    steps = List.copyOf(steps);
    teardowns = List.copyOf(teardowns);
    Map<String, List<Integer>> roots = new HashMap<>();
    namespaceFileRoots.forEach((root, indexes) -> roots.put(root, List.copyOf(indexes)));
    namespaceFileRoots = Map.copyOf(roots);
  }

  /**
   * The canonical table after scenario line {@code index}, as the kernel runner forms it: the
   * current shell's mountinfo rows at or below /mnt whose filesystem the namespace did not have
   * before the scenario.
   */
  public CanonicalTable canonicalTable(int index) {
    Set<String> before = new HashSet<>();
    for (String l : initialMountinfo) {
      MountInfoRow r = MountInfoFormat.parseLine(l);
      before.add(r.major() + ":" + r.minor());
    }
    List<MountInfoRow> rows = new ArrayList<>();
    for (String l : steps.get(index).mountinfo()) {
      MountInfoRow r = MountInfoFormat.parseLine(l);
      if (underMnt(r.mountPoint()) && !before.contains(r.major() + ":" + r.minor())) rows.add(r);
    }
    return CanonicalTable.of(rows);
  }

  /** The tables before scenario line {@code index}. */
  public Map<Integer, Map<Long, StatMount>> tablesBefore(int index) {
    return index == 0 ? initial : steps.get(index - 1).tables();
  }

  /**
   * A line's events in canonical form, only those whose mount point is {@code /mnt} or below it
   * (what the scenario can change), sorted: attached and moved mounts as they are after the line,
   * detached ones as they were before it.
   */
  public List<CanonicalEvent> canonicalEvents(int index) {
    return canonical(tablesBefore(index), steps.get(index));
  }

  /**
   * The events of the shell exit {@code index} (0 = the innermost shell's) in canonical form, as
   * {@link #canonicalEvents}: the detaches of its namespace's mounts and of the mounts of the
   * namespaces that only it kept alive.
   */
  public List<CanonicalEvent> canonicalTeardownEvents(int index) {
    Map<Integer, Map<Long, StatMount>> before =
        index == 0 ? tablesBefore(steps.size()) : teardowns.get(index - 1).tables();
    return canonical(before, teardowns.get(index));
  }

  /**
   * The devices of the filesystems the namespace had before the scenario: the host's. Their mounts
   * are named by {@link CanonicalEvent#HOST_SOURCE} instead of their source.
   */
  Set<String> hostDevices() {
    Set<String> out = new HashSet<>();
    for (StatMount m : initial.getOrDefault(1, Map.of()).values()) out.add(m.device());
    return out;
  }

  List<CanonicalEvent> canonical(Map<Integer, Map<Long, StatMount>> before, LiveStep step) {
    Set<String> host = hostDevices();
    List<CanonicalEvent> out = new ArrayList<>();
    for (LiveEvent e : step.events()) {
      StatMount was = before.getOrDefault(e.namespace(), Map.of()).get(e.mount());
      StatMount now = step.tables().getOrDefault(e.namespace(), Map.of()).get(e.mount());
      StatMount m = e.kind() == MountEvent.Kind.DETACH ? was : now;
      if (m == null) m = new StatMount(e.mount(), 0, 0, "?#" + e.mount(), "?", "?", "?");
      if (!underMnt(m.mountPoint())) continue;
      String from = e.kind() == MountEvent.Kind.MOVE ? (was == null ? "?" : was.mountPoint()) : "";
      String source = host.contains(m.device()) ? CanonicalEvent.HOST_SOURCE : m.source();
      Set<Integer> alive = (e.kind() == MountEvent.Kind.DETACH ? before : step.tables()).keySet();
      String root = m.root();
      for (int named : namespaceFileRoots.getOrDefault(m.root(), List.of()))
        if (alive.contains(named)) root = CanonicalEvent.namespaceFileRoot(named);
      out.add(new CanonicalEvent(e.kind(), e.namespace(), m.mountPoint(), source, root, from));
    }
    out.sort(null);
    return out;
  }

  static boolean underMnt(String path) {
    return ScenarioParser.atOrBelowRoot(path);
  }

  /**
   * The watcher property on this run: per namespace, a set of mount ids that starts from the
   * namespace's first listmount() and changes only by its events must equal the namespace's
   * listmount() after every line, and be empty after the namespace's teardown. Each problem is a
   * line; none means the property holds.
   */
  public List<String> watcherProblems() {
    List<String> problems = new ArrayList<>();
    Map<Integer, Set<Long>> watched = new HashMap<>();
    initial.forEach((ns, table) -> watched.put(ns, new TreeSet<>(table.keySet())));
    List<LiveStep> all = new ArrayList<>(steps);
    all.addAll(teardowns);
    for (LiveStep step : all) {
      for (LiveEvent e : step.events()) {
        Set<Long> w = watched.get(e.namespace());
        if (w == null) {
          problems.add(where(step) + ": event for unwatched ns" + e.namespace());
          continue;
        }
        switch (e.kind()) {
          case ATTACH -> {
            if (!w.add(e.mount()))
              problems.add(
                  where(step) + ": attach of known mount " + e.mount() + " in ns" + e.namespace());
          }
          case DETACH -> {
            if (!w.remove(e.mount()))
              problems.add(
                  where(step)
                      + ": detach of unknown mount "
                      + e.mount()
                      + " in ns"
                      + e.namespace());
          }
          case MOVE -> {
            if (!w.contains(e.mount()))
              problems.add(
                  where(step) + ": move of unknown mount " + e.mount() + " in ns" + e.namespace());
          }
        }
      }
      for (Map.Entry<Integer, Set<Long>> w : watched.entrySet()) {
        Map<Long, StatMount> actual = step.tables().get(w.getKey());
        Set<Long> expected = actual == null ? Set.of() : new TreeSet<>(actual.keySet());
        if (!w.getValue().equals(expected)) {
          problems.add(
              where(step)
                  + ": watcher of ns"
                  + w.getKey()
                  + " holds "
                  + w.getValue()
                  + ", listmount gives "
                  + expected);
          w.setValue(new TreeSet<>(expected)); // report each divergence once
        }
      }
      step.tables().forEach((ns, table) -> watched.putIfAbsent(ns, new TreeSet<>(table.keySet())));
    }
    // every shell has exited: no namespace may be left, and every watcher must be empty
    LiveStep last = teardowns.isEmpty() ? null : teardowns.get(teardowns.size() - 1);
    if (last != null && !last.tables().isEmpty())
      problems.add(
          "after the last shell exited, namespaces " + last.tables().keySet() + " live on");
    return problems;
  }

  private static String where(LiveStep step) {
    return step.index() >= 0
        ? "step " + step.index() + " (" + step.command() + ")"
        : "teardown of " + step.command();
  }
}
