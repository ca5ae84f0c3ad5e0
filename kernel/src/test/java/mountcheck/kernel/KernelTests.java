package mountcheck.kernel;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import mountcheck.model.ops.Scenario;
import mountcheck.model.text.ScenarioParser;

/**
 * Shared helpers of the kernel tests: one runner; skipped where unshare -Urm is not permitted,
 * failed instead when the kernel is required ({@link KernelRequirement}).
 */
final class KernelTests {
  static final KernelRunner RUNNER = new KernelRunner();

  private KernelTests() {}

  /** Skips the test where unshare -Urm is refused (fails it when the kernel is required). */
  static void assumeKernel() {
    assumeTrue(
        KernelRequirement.usable("live-kernel test"),
        () -> KernelRequirement.skipMessage("live-kernel test"));
  }

  static KernelResult run(String name, String text) throws KernelException {
    Scenario scenario = ScenarioParser.parse(name, text);
    return RUNNER.run(scenario);
  }
}
