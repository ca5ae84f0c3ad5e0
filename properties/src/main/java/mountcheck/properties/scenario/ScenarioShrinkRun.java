package mountcheck.properties.scenario;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import mountcheck.engine.PassStatistics;
import mountcheck.engine.ShrinkLimits;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;

/**
 * One shrinking run of the {@link ScenarioShrinker}: the current smallest failing scenario, the
 * candidates tried, the limits, and each pass's counters.
 */
final class ScenarioShrinkRun {
  private final String name;
  private final Predicate<? super Scenario> stillFails;
  private final long deadline;
  private final int maxSteps;
  private final Set<List<Operation>> seen = new HashSet<>();
  private final Map<String, int[]> counters =
      new LinkedHashMap<>(); // runs, calls, successes, chars
  private int[] active; // the counters of the pass that is running
  private List<Operation> current;
  private ScenarioSize size;
  private int steps;
  private boolean stopped;
  // whether candidates must be runnable scenarios: when the start is one (ScenarioValidity)
  private final boolean keepRunnable;

  ScenarioShrinkRun(Scenario start, Predicate<? super Scenario> stillFails, ShrinkLimits limits) {
    this.name = start.name();
    this.current = List.copyOf(start.operations());
    this.size = ScenarioSize.of(current);
    this.stillFails = stillFails;
    this.deadline = limits.deadlineFromNow();
    this.maxSteps = limits.maxSteps();
    seen.add(current);
    this.keepRunnable = ScenarioValidity.runnable(current);
  }

  /** The smallest failing commands found so far. */
  List<Operation> current() {
    return current;
  }

  Scenario scenario() {
    return Scenario.of(name, current);
  }

  /** True once the time or step limit was reached: every pass stops. */
  boolean stopped() {
    return stopped;
  }

  /** Runs {@code pass} once, counting what it does; true when it kept a rewrite. */
  boolean run(ScenarioShrinkPass pass) {
    if (stopped) return false;
    active = counters.computeIfAbsent(pass.name(), k -> new int[4]);
    active[0]++;
    try {
      return pass.body().test(this);
    } finally {
      active = null;
    }
  }

  /** Makes sure {@code pass} appears in the statistics even if it never ran. */
  void register(ScenarioShrinkPass pass) {
    counters.computeIfAbsent(pass.name(), k -> new int[4]);
  }

  /**
   * Checks {@code candidate} if it is new, smaller than the current scenario ({@link ScenarioSize})
   * and, when the run started from a runnable scenario, runnable too ({@link ScenarioValidity}: not
   * a scenario the parser refuses or the model does not model); true when it still fails and became
   * the current scenario.
   */
  boolean consider(List<Operation> candidate) {
    if (stopped) return false;
    ScenarioSize s = ScenarioSize.of(candidate);
    if (s.compareTo(size) >= 0 || !seen.add(candidate)) return false;
    if (keepRunnable && !ScenarioValidity.runnable(candidate)) return false;
    if (steps >= maxSteps || System.nanoTime() - deadline > 0) {
      stopped = true;
      return false;
    }
    steps++;
    if (active != null) active[1]++;
    if (!stillFails.test(Scenario.of(name, candidate))) return false;
    if (active != null) {
      active[2]++;
      active[3] += size.text().length() - s.text().length();
    }
    current = List.copyOf(candidate);
    size = s;
    return true;
  }

  /** One row per registered pass, in registration order. */
  List<PassStatistics> statistics() {
    return counters.entrySet().stream()
        .map(
            e -> {
              int[] c = e.getValue();
              return new PassStatistics(
                  e.getKey(), c[0], c[1], c[2], c[3], PassStatistics.CHARACTERS);
            })
        .toList();
  }
}
