package mountcheck.properties.rcu;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Exploration results of single scenarios, keyed by what decides their transition system ({@link
 * mountcheck.model.rcu.Setup#behaviour()}), so that variants which behave alike in a scenario
 * (every ipc variant in the umount scenarios, for example) share one exploration. The
 * counterexamples are stored without a variant and take the asking variant's name on the way out.
 */
public final class ExplorationMemo {
  /** One scenario's exploration: its run and the shortest violation found per property. */
  record Entry(ScenarioRun run, Map<RcuProperty, Counterexample> found) {}

  private final Map<Object, Entry> entries = new ConcurrentHashMap<>();

  Entry get(Object behaviour) {
    return entries.get(behaviour);
  }

  void put(Object behaviour, ScenarioRun run, Map<RcuProperty, Counterexample> found) {
    entries.put(behaviour, new Entry(run, Map.copyOf(found)));
  }

  /** Explorations stored. */
  public int size() {
    return entries.size();
  }
}
