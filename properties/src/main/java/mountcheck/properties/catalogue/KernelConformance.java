package mountcheck.properties.catalogue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelRunner;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.properties.engine.Property;
import mountcheck.properties.engine.Verdict;
import mountcheck.properties.scenario.ScenarioShrinker;

/**
 * The conformance campaign as a property: the model and the live kernel (in a throw-away
 * {@code unshare -Urm} namespace) give the same failing lines and the same canonical table.
 * Only runnable where {@link KernelRunner#available()}; callers say so and skip it otherwise.
 */
public final class KernelConformance {
  /** Generated scenarios whose model answer holds more mounts than this are not sent to the kernel. */
  static final int MAX_MOUNTS = 400;

  private KernelConformance() {}

  public static final String NAME = "model-agrees-with-kernel";

  public static Property<Scenario> property(KernelRunner kernel) {
    return Property.of(
            NAME,
            "on every generated scenario the model and the live kernel fail the same lines with the same errnos and end with the same canonical mount table",
            Catalogue.scenarios(),
            (s, labels) -> check(kernel, s))
        .withTries(40)
        .withTimeLimit(Duration.ofSeconds(30))
        .withShrinker(new ScenarioShrinker());
  }

  static Verdict check(KernelRunner kernel, Scenario s) throws KernelException {
    ScenarioRunner.Run quick = new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100_000, 20));
    if (quick.state().mountCount() > MAX_MOUNTS) return Verdict.discard("more than " + MAX_MOUNTS + " mounts");
    KernelResult live = kernel.run(s);
    ScenarioRunner.Run model = new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100_000, Math.max(1, live.mountsBefore()), live.mountPointsBefore()));
    List<String> diff =
        OutcomeDiff.of("model", ModelAnswer.of(model), "kernel", KernelRecorder.outcome(live, KernelRecorder.kernelRelease(), Instant.EPOCH));
    return diff.isEmpty() ? Verdict.pass() : Verdict.fail(String.join("\n", diff));
  }
}
