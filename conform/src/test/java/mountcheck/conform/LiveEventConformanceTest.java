package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import mountcheck.engine.RunConfig;
import mountcheck.kernel.KernelRequirement;
import mountcheck.kernel.live.LiveEventRunner;
import mountcheck.properties.catalogue.CatalogueRunner;
import org.junit.jupiter.api.Test;

/**
 * The live change stream against the model on generated scenarios, in CI: a small fixed-seed run of
 * {@code mountcheck observe} (events per line, poll wake-ups, the live watcher). Fails instead of
 * skipping under -Dmountcheck.requireKernel=true.
 */
class LiveEventConformanceTest {
  static final int TRIES = 30;

  @Test
  void modelEventsAgreeWithTheKernelOnGeneratedScenarios() {
    String what = "the live change-stream campaign";
    assumeTrue(KernelRequirement.usable(what), () -> KernelRequirement.skipMessage(what));
    String reason = LiveEventRunner.unavailableReason();
    if (reason != null && KernelRequirement.required())
      throw new AssertionError(what + " needs fanotify mount marks: " + reason);
    assumeTrue(reason == null, () -> what + " skipped: " + reason);
    RunConfig config =
        RunConfig.defaults()
            .withSeed(20261130L)
            .withTries(TRIES)
            .withTimeLimit(Duration.ofSeconds(60));
    CatalogueRunner.Result r =
        CatalogueRunner.run(
            LiveEventConformance.property(new LiveEventRunner(Duration.ofSeconds(30))),
            config,
            Path.of("target", "counterexamples"),
            null,
            System.err::println);
    assertTrue(
        r.ok(),
        r.report().summary()
            + (r.counterexample() == null ? "" : "\ncounterexample: " + r.counterexample()));
  }
}
