package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.stream.Stream;
import mountcheck.kernel.KernelRequirement;
import mountcheck.kernel.KernelRunner;
import mountcheck.properties.engine.RunConfig;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The model against the live kernel on generated scenarios, in CI: one run with a fixed seed and
 * one with a seed derived from the commit, so each submission explores new scenarios and stays
 * reproducible ({@code -Dmountcheck.conformSeed=N} replaces the commit's seed). The seeds are in
 * the log ({@code property model-agrees-with-kernel: seed N}).
 */
@Order(3)
class LiveConformanceTest {
  static final long FIXED_SEED = 20261130L;

  /** Scenarios per run; two runs make about 300 scenarios, about 20 s on this machine. */
  static final int TRIES = 150;

  static final Path OUT = Path.of("target", "counterexamples");

  @TestFactory
  Stream<DynamicTest> modelAgreesWithTheKernelOnGeneratedScenarios() {
    long commitSeed =
        Long.getLong(
            "mountcheck.conformSeed", CommitSeed.of(Path.of("..")).orElse(FIXED_SEED + 1));
    return Stream.of(FIXED_SEED, commitSeed)
        .map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> run(seed)));
  }

  private static void run(long seed) {
    assumeTrue(
        KernelRequirement.usable("model-versus-kernel conformance"),
        () -> KernelRequirement.skipMessage("model-versus-kernel conformance"));
    RunConfig config =
        RunConfig.defaults().withSeed(seed).withTries(TRIES).withTimeLimit(Duration.ofSeconds(60));
    CatalogueRunner.Result r =
        CatalogueRunner.run(
            KernelConformance.property(new KernelRunner()), config, OUT, null, System.err::println);
    assertTrue(
        r.ok(),
        r.report().summary()
            + (r.counterexample() == null ? "" : "\ncounterexample: " + r.counterexample()));
  }

  @Test
  void commitSeedsAreTheHashPrefix() {
    assertEquals(
        OptionalLong.of(0x0123456789abcdeL),
        CommitSeed.fromHash("0123456789abcdef0123456789abcdef01234567"));
    assertEquals(OptionalLong.empty(), CommitSeed.fromHash("not a hash"));
  }
}
