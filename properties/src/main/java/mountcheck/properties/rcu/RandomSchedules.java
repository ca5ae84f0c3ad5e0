package mountcheck.properties.rcu;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Transition;
import mountcheck.model.rcu.Variant;

/**
 * Seeded random walks through the transition system for scopes too large to enumerate: each walk
 * picks uniformly among the enabled steps until none is left or {@code maxSteps}; the first
 * violation of each property is shrunk with {@link Shrinker}. Reproducible from the seed.
 */
public final class RandomSchedules {
  private RandomSchedules() {}

  /** Result: walks and steps taken, and the shrunk first violation per property. */
  public record Outcome(long walks, long steps, Map<RcuProperty, Counterexample> found) {}

  public static Outcome search(Variant variant, Scope scope, long seed, int walks, int maxSteps) {
    Random random = new Random(seed);
    Map<RcuProperty, Counterexample> found = new EnumMap<>(RcuProperty.class);
    long steps = 0;
    RcuScenario[] scenarios = RcuScenario.values();
    for (int w = 0; w < walks; w++) {
      RcuSystem sys = RcuSystem.of(variant, scope, scenarios[w % scenarios.length]);
      RcuState s = sys.initial();
      List<String> labels = new ArrayList<>();
      for (int i = 0; i < maxSteps; i++) {
        List<Transition> succ = sys.successors(s);
        if (succ.isEmpty()) {
          for (RcuProperty p : RcuProperty.values())
            if (!found.containsKey(p) && p.violatedAtEnd(sys, s) != null)
              found.put(p, shrunk(sys, p, labels));
          break;
        }
        Transition t = succ.get(random.nextInt(succ.size()));
        labels.add(t.label());
        steps++;
        for (RcuProperty p : RcuProperty.values())
          if (!found.containsKey(p) && p.violatedBy(t) != null)
            found.put(p, shrunk(sys, p, labels));
        s = t.next();
      }
    }
    return new Outcome(walks, steps, found);
  }

  private static Counterexample shrunk(RcuSystem sys, RcuProperty p, List<String> labels) {
    List<String> small = Shrinker.shrink(sys, p, labels);
    Replay.Outcome o = Replay.run(sys, p, small);
    return new Counterexample(
        p,
        sys.setup().variant().name(),
        sys.setup().scope().bound(),
        sys.setup().scenario(),
        small,
        o.violation(),
        TraceStatus.WITNESS);
  }
}
