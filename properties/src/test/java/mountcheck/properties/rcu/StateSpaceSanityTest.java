package mountcheck.properties.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Transition;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Checks the explorer's assumptions on full state spaces at small bounds, with plain equals-based
 * sets: the fingerprint separates every pair of distinct states (so it covers every field), and the
 * labels of the steps enabled in a state are distinct (so a trace of labels replays unambiguously).
 */
class StateSpaceSanityTest {
  @ParameterizedTest(name = "{0} at K={1}")
  @CsvSource({
    "mainline, 2",
    "snapshot-before-unlink, 1",
    "deferred-2023, 1",
    "nsproxy-work-item, 1",
    "ipc-work-item, 1"
  })
  void fingerprintsAreExactAndLabelsUnique(String name, int bound) {
    LifetimeDesign v = LifetimeDesign.byName(name).orElseThrow();
    for (RcuScenario sc : RcuScenario.values()) {
      RcuSystem sys = RcuSystem.of(v, Scope.ofBound(bound), sc);
      Set<RcuState> seen = new HashSet<>();
      Set<Long> prints = new HashSet<>();
      ArrayDeque<RcuState> todo = new ArrayDeque<>(List.of(sys.initial()));
      seen.add(sys.initial());
      prints.add(Fingerprint.of(sys.initial()));
      while (!todo.isEmpty()) {
        RcuState s = todo.poll();
        List<Transition> succ = sys.successors(s);
        Set<String> labels = new HashSet<>();
        for (Transition t : succ) {
          assertTrue(labels.add(t.label()), "duplicate label " + t.label());
          if (seen.add(t.next())) {
            todo.add(t.next());
            prints.add(Fingerprint.of(t.next()));
          }
        }
      }
      assertEquals(seen.size(), prints.size(), name + " " + sc.label());
      assertTrue(seen.size() > 10);
    }
  }
}
