package mountcheck.properties.rcu;

import java.util.List;
import java.util.Optional;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Transition;

/** Re-runs a trace's steps on the model and reports whether its property fails on the way. */
public final class Replay {
  private Replay() {}

  /**
   * The outcome of a replay.
   *
   * @param applied steps applied before the end or the first step that was not enabled
   * @param divergedAt 1-based number of the first step not enabled, 0 when all applied
   * @param violationStep 1-based step at which the property first failed, 0 for none
   * @param violation why it failed, or null
   */
  public record Outcome(int applied, int divergedAt, int violationStep, String violation) {
    public boolean violated() {
      return violation != null;
    }
  }

  /** Replays the steps of {@code c} from its scenario's initial state. */
  public static Outcome run(Counterexample c) {
    LifetimeDesign v =
        LifetimeDesign.byName(c.variant())
            .orElseThrow(() -> new IllegalArgumentException("unknown variant: " + c.variant()));
    return run(RcuSystem.of(v, Scope.ofBound(c.bound()), c.scenario()), c.property(), c.steps());
  }

  /** Replays labels on {@code system}; stops at the first violation of {@code property}. */
  public static Outcome run(RcuSystem system, RcuProperty property, List<String> labels) {
    RcuState s = system.initial();
    for (int i = 0; i < labels.size(); i++) {
      Optional<Transition> t = system.step(s, labels.get(i));
      if (t.isEmpty()) return new Outcome(i, i + 1, 0, null);
      String why = property.violatedBy(t.get());
      if (why != null) return new Outcome(i + 1, 0, i + 1, why);
      s = t.get().next();
    }
    if (system.successors(s).isEmpty()) {
      String why = property.violatedAtEnd(system, s);
      if (why != null) return new Outcome(labels.size(), 0, labels.size(), why);
    }
    return new Outcome(labels.size(), 0, 0, null);
  }

  /** True when the replay agrees with the trace's status (witness fails, regression holds). */
  public static boolean asRecorded(Counterexample c, Outcome o) {
    return c.status() != TraceStatus.REGRESSION
        ? o.violated() && o.divergedAt() == 0
        : !o.violated();
  }
}
