package mountcheck.properties.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
 * Checks the explorer's assumptions on full state spaces at small bounds against a plain search
 * that keeps every state as it is (equals-based sets, no fingerprint, no symmetry): the labels of
 * the steps enabled in a state are distinct (so a trace of labels replays unambiguously); the
 * explorer, whose fingerprint forgets what no reader can observe of the sequence count and the
 * order of interchangeable readers, finds the same properties violated with shortest traces of the
 * same length, in no more states.
 */
class StateSpaceSanityTest {
  @ParameterizedTest(name = "{0} at K={1}")
  @CsvSource({
    "mainline, 2",
    "snapshot-before-unlink, 1",
    "deferred-2023, 1",
    "nsproxy-work-item, 1",
    "ipc-work-item, 1",
    "mnt-ns-release-without-gp, 2"
  })
  void reducedSearchKeepsEveryVerdictAndLength(String name, int bound) {
    LifetimeDesign v = LifetimeDesign.byName(name).orElseThrow();
    Map<RcuProperty, Integer> shortest = new EnumMap<>(RcuProperty.class);
    long exactStates = 0;
    for (RcuScenario sc : RcuScenario.values()) {
      RcuSystem sys = RcuSystem.of(v, Scope.ofBound(bound), sc);
      Map<RcuState, Integer> depth = new HashMap<>();
      ArrayDeque<RcuState> todo = new ArrayDeque<>(List.of(sys.initial()));
      depth.put(sys.initial(), 0);
      while (!todo.isEmpty()) {
        RcuState s = todo.poll();
        int d = depth.get(s);
        List<Transition> succ = sys.successors(s);
        Set<String> labels = new HashSet<>();
        if (succ.isEmpty())
          for (RcuProperty p : RcuProperty.values())
            if (p.violatedAtEnd(sys, s) != null) shortest.merge(p, d, Math::min);
        for (Transition t : succ) {
          assertTrue(labels.add(t.label()), "duplicate label " + t.label());
          for (RcuProperty p : RcuProperty.values())
            if (p.violatedBy(t) != null) shortest.merge(p, d + 1, Math::min);
          if (depth.putIfAbsent(t.next(), d + 1) == null) todo.add(t.next());
        }
      }
      assertTrue(depth.size() > 10, sc.label());
      exactStates += depth.size();
    }
    Exploration reduced = new Explorer().explore(v, Scope.ofBound(bound));
    Map<RcuProperty, Integer> found = new EnumMap<>(RcuProperty.class);
    for (Map.Entry<RcuProperty, Counterexample> f : reduced.found().entrySet())
      found.put(f.getKey(), f.getValue().steps().size());
    assertEquals(shortest, found, name + " at K=" + bound);
    assertTrue(reduced.states() <= exactStates, reduced.states() + " > " + exactStates);
  }
}
