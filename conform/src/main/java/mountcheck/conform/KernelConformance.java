package mountcheck.conform;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import mountcheck.engine.Gen;
import mountcheck.engine.Labeller;
import mountcheck.engine.Property;
import mountcheck.engine.Verdict;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelRunner;
import mountcheck.model.coverage.CoverageRun;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.coverage.CoverageTally;
import mountcheck.properties.generators.CoverageIdioms;
import mountcheck.properties.generators.MountApiFeatures;
import mountcheck.properties.scenario.ScenarioShrinker;

/**
 * The conformance campaign as a property: the model and the live kernel (in a throw-away {@code
 * unshare -Urm} namespace) give the same failing lines and the same canonical table. Only runnable
 * where {@link KernelRunner#available()}; callers say so and skip it otherwise.
 */
public final class KernelConformance {
  /** Scenarios with an rmdir, in the shell or through nsenter (docs/semantics.md §2.12). */
  static final String RMDIR = "rmdir";

  /**
   * Generated scenarios whose model answer holds more mounts than this are not sent to the kernel.
   */
  static final int MAX_MOUNTS = 400;

  private KernelConformance() {}

  public static final String NAME = "model-agrees-with-kernel";

  public static Property<Scenario> property(KernelRunner kernel) {
    return property(kernel, null);
  }

  /**
   * The property; every scenario that the kernel answered the same way adds the coverage targets it
   * hit to {@code tally} (when not null) and labels the example with them, so the run's statistics
   * show each target's hit rate.
   */
  public static Property<Scenario> property(KernelRunner kernel, CoverageTally tally) {
    return property(kernel, tally, scenarios());
  }

  /**
   * Only scenarios with several live namespaces (kept on files, acted in with nsenter) and held
   * references: {@code mountcheck conform --live-namespaces}.
   */
  public static Property<Scenario> liveNamespaceProperty(KernelRunner kernel) {
    return property(kernel, null, Catalogue.conformanceScenarios(1.0));
  }

  /** Only scenarios with {@code mountfd} lines: {@code mountcheck conform --fd-api}. */
  public static Property<Scenario> fdApiProperty(KernelRunner kernel) {
    return property(kernel, null, Catalogue.scenariosWithFdApi());
  }

  private static Property<Scenario> property(
      KernelRunner kernel, CoverageTally tally, Gen<Scenario> scenarios) {
    return Property.of(
            NAME,
            "on every generated scenario the model and the live kernel fail the same lines with"
                + " the same errnos and end with the same canonical mount table, and the"
                + " namespaces the scenario keeps on files end with the same tables",
            scenarios,
            (s, labels) -> check(kernel, s, tally, labels))
        .withTries(40)
        .withTimeLimit(Duration.ofSeconds(30))
        .withShrinker(new ScenarioShrinker());
  }

  /**
   * The conformance campaigns' scenarios, and one time in four the coverage idioms that steer
   * toward targets free generation reaches rarely (unbindable below an rbind source's child, locked
   * mounts, make-X of shared mounts with peers and slaves, table cells, hidden master groups).
   */
  public static Gen<Scenario> scenarios() {
    Gen<Scenario> catalogue = Catalogue.conformanceScenarios();
    Gen<Scenario> idioms = CoverageIdioms.scenarios();
    return s -> s.drawCoin(0.25) ? idioms.generate(s) : catalogue.generate(s);
  }

  static Verdict check(KernelRunner kernel, Scenario s) throws KernelException {
    return check(kernel, s, null, Labeller.NONE);
  }

  static Verdict check(KernelRunner kernel, Scenario s, CoverageTally tally, Labeller labels)
      throws KernelException {
    ScenarioRunner.Run quick =
        new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100_000, 20));
    if (quick.state().mountCount() > MAX_MOUNTS)
      return Verdict.discard("more than " + MAX_MOUNTS + " mounts");
    KernelResult live = kernel.run(s);
    MountTable initial =
        MountTable.initial(100_000, Math.max(1, live.mountsBefore()), live.mountPointsBefore());
    ScenarioRunner.Run model = new ScenarioRunner(Model.linux()).run(s, initial);
    String release = KernelRecorder.kernelRelease();
    List<String> diff =
        OutcomeDiff.of(
            "model",
            ModelAnswer.of(model),
            "kernel",
            KernelRecorder.outcome(live, release, Instant.EPOCH));
    if (!diff.isEmpty()) return Verdict.fail(String.join("\n", diff));
    Set<String> hit = CoverageRun.of(s, initial);
    for (String target : hit) labels.label(target);
    if (s.operations().stream()
        .anyMatch(
            op ->
                op instanceof RemoveDirs
                    || op instanceof Nsenter n && n.command() instanceof RemoveDirs))
      labels.label(RMDIR);
    Set<MountApiFeatures> features = MountApiFeatures.of(s);
    if (!features.isEmpty()) labels.label(MountApiFeatures.ANY_LABEL);
    for (MountApiFeatures f : features) labels.label(f.label());
    if (tally != null) tally.addGenerated(hit, "Linux " + release);
    return Verdict.pass();
  }
}
