package mountcheck.properties.catalogue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import mountcheck.engine.Check;
import mountcheck.engine.Gen;
import mountcheck.engine.Labeller;
import mountcheck.engine.Property;
import mountcheck.engine.Verdict;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.MountTableGraph;
import mountcheck.model.state.Invariants;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.MaximalSpec;
import mountcheck.model.umount.PermutedGraph;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.umount.UmountPlan;
import mountcheck.properties.generators.MountApiFeatures;
import mountcheck.properties.generators.ReplicaScenarioGenerator;
import mountcheck.properties.generators.ScenarioGenerator;
import mountcheck.properties.scenario.ScenarioShrinker;

/**
 * The named invariants mountcheck checks, each a {@link Property} over generated scenarios. The
 * statement of each property is its documentation (docs/invariants.md is generated from it); the
 * tries and time limit are the CI budget.
 */
public final class Catalogue {
  /** fs.mount-max for model-only properties: bounds every generated state to 40 mounts. */
  static final int SMALL_MOUNT_MAX = 41;

  private Catalogue() {}

  /** Every property of the catalogue, in documentation order, on the host kernel's model. */
  public static List<Property<Scenario>> properties() {
    return properties(Model.linux());
  }

  /**
   * Every property of the catalogue, where {@code model} (for example {@link Model#forKernel},
   * which {@code check --kernel K} picks) builds the states the properties look at: the umount
   * generations compared at each umount see that kernel's states.
   */
  public static List<Property<Scenario>> properties(Model model) {
    List<Property<Scenario>> out = new ArrayList<>();
    out.add(twins(model, "2025"));
    out.add(twins(model, "2017"));
    out.add(viroEqualsSpec(model));
    out.add(umount2025Sound(model));
    out.add(orderIndependent(model, "2025"));
    out.add(orderIndependent(model, "2017"));
    out.add(workLinear(model));
    out.add(invariantsHold(model));
    out.add(Metamorphic.renaming(model));
    out.add(Metamorphic.unrelatedSubtree(model));
    out.add(WatcherProperty.property(model));
    return out;
  }

  public static Optional<Property<Scenario>> byName(String name) {
    return byName(name, Model.linux());
  }

  /** The property called {@code name} on {@code model}'s states. */
  public static Optional<Property<Scenario>> byName(String name, Model model) {
    for (Property<Scenario> p : properties(model)) if (p.name().equals(name)) return Optional.of(p);
    return Optional.empty();
  }

  /** Free-form scenarios, and (as often) scenarios around one replicated tree. */
  public static Gen<Scenario> scenarios() {
    Gen<Scenario> free = ScenarioGenerator.scenarios(ScenarioGenerator.Settings.standard());
    Gen<Scenario> replica = ReplicaScenarioGenerator.scenarios(7);
    return s -> s.drawCoin(0.5) ? replica.generate(s) : free.generate(s);
  }

  /**
   * {@link #scenarios()} where about a third of each family also keeps namespaces alive on files,
   * acts in them with nsenter and holds references (docs/language.md, "Several namespaces and held
   * references"): what the catalogue's properties and the line-by-line watcher ({@code observe},
   * {@link WatcherProperty#scenarios()}) draw. The conformance campaigns draw {@link
   * #conformanceScenarios(double)}.
   */
  public static Gen<Scenario> scenariosWithLiveNamespaces() {
    return scenariosWithLiveNamespaces(LIVE_SHARE);
  }

  /** The share of the catalogue's scenarios with live namespaces and held references. */
  static final double LIVE_SHARE = 0.33;

  /** Both families, a share {@code live} of each with live namespaces and held references. */
  public static Gen<Scenario> scenariosWithLiveNamespaces(double live) {
    Gen<Scenario> free =
        ScenarioGenerator.scenarios(ScenarioGenerator.Settings.withLiveNamespaces(live));
    Gen<Scenario> replica = ReplicaScenarioGenerator.scenarios(7, live);
    return s -> s.drawCoin(0.5) ? replica.generate(s) : free.generate(s);
  }

  /**
   * {@link #scenariosWithLiveNamespaces()} where a share {@code fdApi} of the free-form family also
   * makes {@code mountfd} lines: detached trees, attached later or dissolved (the change-stream
   * watcher's scenarios, {@link WatcherProperty#scenarios()}).
   */
  public static Gen<Scenario> scenariosWithLiveNamespacesAndFdApi(double fdApi) {
    Gen<Scenario> free =
        ScenarioGenerator.scenarios(
            ScenarioGenerator.Settings.withLiveNamespacesAndFdApi(LIVE_SHARE, fdApi));
    Gen<Scenario> replica = ReplicaScenarioGenerator.scenarios(7, LIVE_SHARE);
    return s -> s.drawCoin(0.5) ? replica.generate(s) : free.generate(s);
  }

  /** The share of the free-form family that makes {@code mountfd} lines in conformance runs. */
  static final double CONFORMANCE_FD_API_SHARE = 0.9;

  /**
   * What {@code conform} draws on every kernel: both families (the free-form one two times in
   * three), a share {@code live} of each with live namespaces and held references, and in the
   * free-form family (which draws per-mount attributes as one of its kinds) a share {@link
   * #CONFORMANCE_FD_API_SHARE} that also makes {@code mountfd} lines, a quarter of those without
   * live namespaces changing the root. So the operations container runtimes use ({@link
   * MountApiFeatures}) are in well over a third of the scenarios (ConformanceScenariosTest).
   */
  public static Gen<Scenario> conformanceScenarios(double live) {
    Gen<Scenario> free =
        ScenarioGenerator.scenarios(
            ScenarioGenerator.Settings.forConformance(live, CONFORMANCE_FD_API_SHARE));
    Gen<Scenario> replica = ReplicaScenarioGenerator.scenarios(7, live);
    return s -> s.drawCoin(1.0 / 3) ? replica.generate(s) : free.generate(s);
  }

  /** {@link #conformanceScenarios(double)} with the catalogue's share of live namespaces. */
  public static Gen<Scenario> conformanceScenarios() {
    return conformanceScenarios(LIVE_SHARE);
  }

  /**
   * The free-form family where every scenario also makes {@code mountfd} lines (README, "The
   * fd-based mount API"): {@code conform --fd-api}.
   */
  public static Gen<Scenario> scenariosWithFdApi() {
    return ScenarioGenerator.scenarios(ScenarioGenerator.Settings.withFdApi(1.0));
  }

  static MountTable smallInitial() {
    return MountTable.initial(SMALL_MOUNT_MAX, 1);
  }

  /**
   * A scenario property with the scenario shrinker and a CI budget, on scenarios that include live
   * namespaces and held references.
   */
  static Property<Scenario> property(
      String name, String statement, Check<Scenario> check, int tries, int seconds) {
    return property(name, statement, scenariosWithLiveNamespaces(), check, tries, seconds);
  }

  /**
   * The same on {@link #scenarios()} only: the known-bug variants' searches, whose witnesses and
   * shrunk sizes (docs/checking.md, "Known-bug variants") stay those of the single-chain language.
   */
  static Property<Scenario> singleChainProperty(
      String name, String statement, Check<Scenario> check, int tries, int seconds) {
    return property(name, statement, scenarios(), check, tries, seconds);
  }

  private static Property<Scenario> property(
      String name,
      String statement,
      Gen<Scenario> scenarios,
      Check<Scenario> check,
      int tries,
      int seconds) {
    return Property.of(name, statement, scenarios, check)
        .withTries(tries)
        .withTimeLimit(Duration.ofSeconds(seconds))
        .withShrinker(new ScenarioShrinker());
  }

  /** Runs each umount of the scenario's generated state through two algorithms and compares. */
  static Verdict compareAtEachUmount(
      Model model,
      Scenario s,
      Labeller labels,
      String leftName,
      UmountAlgorithm left,
      String rightName,
      UmountAlgorithm right) {
    String failure =
        Execution.run(
            model,
            s,
            smallInitial(),
            (step, in) -> {
              MountTableGraph g = new MountTableGraph(in.before());
              UmountPlan a = left.plan(g, in.u());
              UmountPlan b = right.plan(g, in.u());
              if (a.victims().size() > in.u().size()) {
                labels.label(StateLabels.CANDIDATES);
                if (step.operation() instanceof Umount u && u.lazy())
                  labels.label(StateLabels.LAZY);
              }
              StateLabels.label(in.before(), labels);
              String d = Plans.difference(leftName, a, rightName, b, in.before());
              return d == null
                  ? null
                  : "line " + step.line() + " (" + step.operation().toCommand() + "): " + d;
            },
            null);
    return failure == null ? Verdict.pass() : Verdict.fail(failure);
  }

  private static Property<Scenario> twins(Model model, String generation) {
    UmountAlgorithm optimized = Generations.byName(generation).orElseThrow();
    UmountAlgorithm naive = Generations.naiveTwin(generation).orElseThrow();
    String name = "umount-" + generation + "-equals-naive-twin";
    String statement =
        "the optimized "
            + generation
            + " propagate_umount takes the same victims and makes the same reparents as its"
            + " unoptimized twin";
    return property(
            name,
            statement,
            (s, labels) ->
                compareAtEachUmount(
                    model, s, labels, generation, optimized, generation + "-naive", naive),
            4000,
            8)
        .requiring(StateLabels.CANDIDATES, 0.05)
        .requiring(StateLabels.OVERLAPPING, 0.10);
  }

  /**
   * The 2025 generation against the exhaustive search. The search refuses umounts with too many
   * candidates; those are not compared (comparing 2025 with itself would prove nothing) but
   * labelled {@link StateLabels#SPEC_REFUSED}, so the statistics show how often it happens, and the
   * compared umounts with candidates must keep their share.
   */
  private static Property<Scenario> viroEqualsSpec(Model model) {
    UmountAlgorithm viro = Generations.byName("2025").orElseThrow();
    MaximalSpec spec = new MaximalSpec();
    return property(
            "umount-2025-equals-spec",
            "the 2025 propagate_umount takes exactly the maximal non-shifting, non-revealing subset"
                + " of U and the candidates (found by exhaustive search)",
            (s, labels) -> {
              String failure =
                  Execution.run(
                      model,
                      s,
                      smallInitial(),
                      (step, in) -> {
                        MountTableGraph g = new MountTableGraph(in.before());
                        UmountPlan expected;
                        try {
                          expected = spec.plan(g, in.u());
                        } catch (IllegalArgumentException tooManyCandidates) {
                          labels.label(StateLabels.SPEC_REFUSED);
                          return null;
                        }
                        UmountPlan actual = viro.plan(g, in.u());
                        if (actual.victims().size() > in.u().size()) {
                          labels.label(StateLabels.CANDIDATES);
                        }
                        StateLabels.label(in.before(), labels);
                        String d = Plans.difference("2025", actual, "spec", expected, in.before());
                        return d == null
                            ? null
                            : "line "
                                + step.line()
                                + " ("
                                + step.operation().toCommand()
                                + "): "
                                + d;
                      },
                      null);
              return failure == null ? Verdict.pass() : Verdict.fail(failure);
            },
            2000,
            8)
        .requiring(StateLabels.CANDIDATES, 0.05);
  }

  private static Property<Scenario> umount2025Sound(Model model) {
    UmountAlgorithm viro = Generations.byName("2025").orElseThrow();
    return property(
        "umount-2025-sound",
        "every 2025 umount takes all of U and only candidates besides, leaves nothing mounted"
            + " strictly inside a victim (non-shifting), never takes a locked mount without its"
            + " parent (non-revealing), and reparents only survivors",
        (s, labels) -> {
          String failure =
              Execution.run(
                  model,
                  s,
                  smallInitial(),
                  (step, in) -> {
                    MountTableGraph g = new MountTableGraph(in.before());
                    String u = Plans.unsound(g, in.u(), viro.plan(g, in.u()), in.before());
                    return u == null
                        ? null
                        : "line " + step.line() + " (" + step.operation().toCommand() + "): " + u;
                  },
                  null);
          return failure == null ? Verdict.pass() : Verdict.fail(failure);
        },
        3000,
        6);
  }

  private static Property<Scenario> orderIndependent(Model model, String generation) {
    UmountAlgorithm a = Generations.byName(generation).orElseThrow();
    return property(
        "umount-" + generation + "-order-independent",
        "the "
            + generation
            + " propagate_umount result does not depend on the order of peer rings, slave lists,"
            + " child lists or U",
        (s, labels) -> {
          String failure =
              Execution.run(
                  model,
                  s,
                  smallInitial(),
                  (step, in) -> {
                    MountTableGraph g = new MountTableGraph(in.before());
                    UmountPlan plain = a.plan(g, in.u());
                    for (long seed = 1; seed <= 3; seed++) {
                      PermutedGraph p = new PermutedGraph(g, new Random(seed * 31 + step.line()));
                      List<Integer> u = Plans.subtree(p, in.u().get(0));
                      String d =
                          Plans.difference(
                              "as listed", plain, "permuted #" + seed, a.plan(p, u), in.before());
                      if (d != null)
                        return "line "
                            + step.line()
                            + " ("
                            + step.operation().toCommand()
                            + "): "
                            + d;
                    }
                    return null;
                  },
                  null);
          return failure == null ? Verdict.pass() : Verdict.fail(failure);
        },
        2000,
        6);
  }

  /** The constant of the linear work bound (work counts lookups, walk steps and visits). */
  static final int WORK_CONSTANT = 8;

  private static Property<Scenario> workLinear(Model model) {
    UmountAlgorithm viro = Generations.byName("2025").orElseThrow();
    return property(
        "umount-2025-work-linear",
        "the 2025 propagate_umount does at most "
            + WORK_CONSTANT
            + " units of work per mount of U, per candidate and per receiver walked (no quadratic"
            + " rescans)",
        (s, labels) -> {
          String failure =
              Execution.run(
                  model,
                  s,
                  smallInitial(),
                  (step, in) -> {
                    MountTableGraph g = new MountTableGraph(in.before());
                    UmountPlan plan = viro.plan(g, in.u());
                    long bound =
                        WORK_CONSTANT
                                * (in.u().size()
                                    + Plans.candidates(g, in.u()).size()
                                    + Plans.receiversWalked(g, in.u()).size())
                            + WORK_CONSTANT;
                    return plan.work() <= bound
                        ? null
                        : "line " + step.line() + ": work " + plan.work() + " > bound " + bound;
                  },
                  null);
          return failure == null ? Verdict.pass() : Verdict.fail(failure);
        },
        2000,
        6);
  }

  private static Property<Scenario> invariantsHold(Model model) {
    return property(
            "state-invariants",
            "after every operation the state invariants hold: " + invariantNames(),
            (s, labels) -> {
              String failure =
                  Execution.run(
                      model,
                      s,
                      smallInitial(),
                      null,
                      (step, state) -> {
                        List<Invariants.Violation> v = Invariants.check(state);
                        StateLabels.label(state, labels);
                        return v.isEmpty()
                            ? null
                            : "after line "
                                + step.line()
                                + " ("
                                + step.operation().toCommand()
                                + "): "
                                + v;
                      });
              return failure == null ? Verdict.pass() : Verdict.fail(failure);
            },
            2000,
            8)
        .requiring(StateLabels.OVERLAPPING, 0.05)
        .requiring(StateLabels.SLAVE_OF_SLAVE, 0.01)
        .requiring(StateLabels.LOCKED, 0.01)
        .requiring(StateLabels.OVERMOUNT, 0.05)
        .requiring(StateLabels.NAMESPACES, 0.03);
  }

  private static String invariantNames() {
    StringBuilder b = new StringBuilder();
    for (Invariants.Rule r : Invariants.Rule.values())
      b.append(b.length() == 0 ? "" : ", ").append(r.name().toLowerCase().replace('_', '-'));
    return b.toString();
  }
}
