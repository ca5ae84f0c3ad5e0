package mountcheck.properties.rcu;

import java.util.List;
import java.util.Map;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.Scope;

/** The outcome of exploring every scenario of one variant at one scope. */
public record Exploration(
    LifetimeDesign variant,
    Scope scope,
    List<ScenarioRun> runs,
    Map<RcuProperty, Counterexample> found) {

  public Exploration {
    runs = List.copyOf(runs);
    found = Map.copyOf(found);
  }

  public long states() {
    return runs.stream().mapToLong(ScenarioRun::states).sum();
  }

  public long transitions() {
    return runs.stream().mapToLong(ScenarioRun::transitions).sum();
  }

  public long millis() {
    return runs.stream().mapToLong(ScenarioRun::millis).sum();
  }

  public boolean complete() {
    return runs.stream().allMatch(ScenarioRun::complete);
  }

  public double statesPerSecond() {
    return states() * 1000.0 / Math.max(1, millis());
  }

  /** PASS (exhaustive, no violation), FAIL, or UNKNOWN when a limit cut the run short. */
  public Verdict verdict(RcuProperty p) {
    if (found.containsKey(p)) return Verdict.FAIL;
    return complete() ? Verdict.PASS : Verdict.UNKNOWN;
  }

  public boolean anyFailure() {
    return !found.isEmpty();
  }
}
