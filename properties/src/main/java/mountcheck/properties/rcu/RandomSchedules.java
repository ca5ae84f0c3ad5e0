package mountcheck.properties.rcu;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import mountcheck.engine.Gen;
import mountcheck.engine.Property;
import mountcheck.engine.RunConfig;
import mountcheck.engine.RunReport;
import mountcheck.engine.Runner;
import mountcheck.engine.Source;
import mountcheck.engine.Verdict;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Transition;

/**
 * Random schedules through the shared property engine, for scopes too large to enumerate: a
 * schedule is drawn step by step, each choice picking one of the enabled transitions (choice 0 =
 * the first enabled step) after a first choice that sets how many steps to take (0 = none), so the
 * engine's choice-sequence shrinking cuts, deletes and simplifies steps and every counterexample
 * comes out short. Reproducible from the seed.
 */
public final class RandomSchedules {
  private RandomSchedules() {}

  /** Result: schedules checked and steps taken, and the shrunk first violation per property. */
  public record Outcome(long walks, long steps, Map<RcuProperty, Counterexample> found) {}

  /** Schedules of up to {@code maxSteps} steps of one scenario of the variant. */
  public static Gen<Schedule> schedules(
      LifetimeDesign variant, Scope scope, RcuScenario scenario, int maxSteps) {
    return s -> draw(s, variant, scope, scenario, maxSteps);
  }

  private static Schedule draw(
      Source s, LifetimeDesign variant, Scope scope, RcuScenario scenario, int maxSteps) {
    RcuSystem sys = RcuSystem.of(variant, scope, scenario);
    RcuState state = sys.initial();
    List<String> labels = new ArrayList<>();
    // the length comes first, so shrinking can cut a schedule right after its violation
    int length = s.draw(maxSteps);
    for (int i = 0; i < length; i++) {
      List<Transition> succ = byActor(sys.successors(state));
      if (succ.isEmpty()) break;
      Transition t = succ.get(s.draw(succ.size() - 1));
      labels.add(t.label());
      state = t.next();
    }
    return new Schedule(scenario, labels);
  }

  /**
   * The enabled steps with the tasks' own steps first, then workers, grace periods and readers:
   * choice 0 lets the operation under test proceed, so the simplest schedules are the shortest.
   */
  static List<Transition> byActor(List<Transition> steps) {
    List<Transition> sorted = new ArrayList<>(steps);
    sorted.sort(Comparator.comparingInt(t -> actorRank(t.label())));
    return sorted;
  }

  private static int actorRank(String label) {
    if (label.startsWith("t")) return 0;
    if (label.startsWith("kworker")) return 1;
    if (label.startsWith("rcu")) return 2;
    return 3;
  }

  /** The property "no schedule of this scenario of the variant violates p", for the engine. */
  public static Property<Schedule> property(
      LifetimeDesign variant, Scope scope, RcuScenario scenario, RcuProperty p, int maxSteps) {
    return Property.of(
        "rcu-" + p.id() + "-" + variant.name(),
        p.statement(),
        schedules(variant, scope, scenario, maxSteps),
        (schedule, labels) -> {
          Replay.Outcome o =
              Replay.run(RcuSystem.of(variant, scope, schedule.scenario()), p, schedule.labels());
          return o.violated() ? Verdict.fail(o.violation()) : Verdict.pass();
        });
  }

  /**
   * Each property on {@code walks} schedules of every scenario; for each violated property the
   * shortest shrunk counterexample over the scenarios (choice shrinking cannot move a schedule from
   * one scenario to another, so each scenario is searched on its own).
   */
  public static Outcome search(
      LifetimeDesign variant, Scope scope, long seed, int walks, int maxSteps) {
    Map<RcuProperty, Counterexample> found = new EnumMap<>(RcuProperty.class);
    long checked = 0;
    for (RcuProperty p : RcuProperty.values()) {
      for (RcuScenario scenario : RcuScenario.values()) {
        if (!variant.has(scenario)) continue;
        Property<Schedule> property = property(variant, scope, scenario, p, maxSteps);
        RunReport<Schedule> r =
            Runner.run(
                property,
                RunConfig.defaults()
                    .withSeed(seed)
                    .withTries(walks)
                    .withTimeLimit(Duration.ofSeconds(60))
                    .withLog(line -> {}));
        checked += r.checked();
        if (r.firstFailure().isEmpty()) continue;
        Schedule small = r.firstFailure().get().shrunk();
        Replay.Outcome o = Replay.run(RcuSystem.of(variant, scope, scenario), p, small.labels());
        List<String> upToViolation =
            small
                .labels()
                .subList(0, o.violationStep() == 0 ? small.labels().size() : o.violationStep());
        Counterexample c =
            new Counterexample(
                p,
                variant.name(),
                scope.bound(),
                scenario,
                upToViolation,
                o.violation(),
                TraceStatus.of(p));
        Counterexample best = found.get(p);
        if (best == null || c.steps().size() < best.steps().size()) found.put(p, c);
      }
    }
    return new Outcome(checked, checked, found);
  }
}
