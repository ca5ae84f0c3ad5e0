package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.engine.RunConfig;
import mountcheck.kernel.KernelRequirement;
import mountcheck.kernel.KernelRunner;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.catalogue.CommitSeed;
import mountcheck.properties.coverage.CoverageTally;
import mountcheck.properties.coverage.RecordedCoverage;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The model against the live kernel on generated scenarios, in CI: one run with a fixed seed and
 * one with a seed derived from the commit, so each submission explores new scenarios and stays
 * reproducible ({@code -Dmountcheck.conformSeed=N} replaces the commit's seed). The seeds are in
 * the log ({@code property model-agrees-with-kernel: seed N}). Then every semantic coverage target
 * must have been hit by a scenario compared with a real kernel: a recorded conformance case or one
 * of these generated scenarios. The table is written to target/semantic-coverage.txt.
 */
@Order(3)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveConformanceTest {
  static final long FIXED_SEED = 20261130L;

  /** Scenarios per run; two runs make about 300 scenarios, about 20-35 s on this machine. */
  static final int TRIES = 150;

  static final Path OUT = Path.of("target", "counterexamples");
  static final Path REPO = Path.of("..").toAbsolutePath().normalize();

  private static final CoverageTally TALLY = new CoverageTally();

  @TestFactory
  @Order(1)
  Stream<DynamicTest> modelAgreesWithTheKernelOnGeneratedScenarios() {
    long commitSeed =
        Long.getLong("mountcheck.conformSeed", CommitSeed.of(REPO).orElse(FIXED_SEED + 1));
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
            KernelConformance.property(new KernelRunner(), TALLY),
            config,
            OUT,
            null,
            System.err::println);
    assertTrue(
        r.ok(),
        r.report().summary()
            + (r.counterexample() == null ? "" : "\ncounterexample: " + r.counterexample()));
  }

  @Test
  @Order(2)
  void everyCoverageTargetIsHitByAScenarioComparedWithAKernel() throws IOException {
    RecordedCoverage.addAll(REPO, TALLY);
    String table = TALLY.render();
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target", "semantic-coverage.txt"), table);
    System.err.println(
        "[mountcheck] semantic coverage (target/semantic-coverage.txt): "
            + table.lines().findFirst().orElse(""));
    List<String> unhit = TALLY.unhit();
    assertEquals(List.of(), unhit, "coverage targets no kernel-compared scenario hit:\n" + table);
  }
}
