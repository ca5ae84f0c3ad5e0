package mountcheck.kernel;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import mountcheck.model.ops.Scenario;
import mountcheck.model.text.ScenarioParser;

/** Shared helpers of the kernel tests: one runner, skipped where unshare -Urm is not permitted. */
final class KernelTests {
  static final KernelRunner RUNNER = new KernelRunner();

  private KernelTests() {}

  private static boolean told;

  /** Skips the test where unshare -Urm is refused, saying why on stderr once (CI reads it). */
  static synchronized void assumeKernel() {
    String reason = RUNNER.unavailableReason();
    if (reason != null && !told) {
      told = true;
      System.err.println("[mountcheck] live-kernel tests skipped: " + reason);
    }
    assumeTrue(reason == null, () -> "live-kernel test skipped: " + reason);
  }

  static KernelResult run(String name, String text) throws KernelException {
    Scenario scenario = ScenarioParser.parse(name, text);
    return RUNNER.run(scenario);
  }
}
