package mountcheck.kernel;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import mountcheck.model.ops.Scenario;
import mountcheck.model.text.ScenarioParser;

/** Shared helpers of the kernel tests: one runner, skipped where unshare -Urm is not permitted. */
final class KernelTests {
  static final KernelRunner RUNNER = new KernelRunner();

  private KernelTests() {}

  static void assumeKernel() {
    String reason = RUNNER.unavailableReason();
    assumeTrue(reason == null, () -> "live-kernel test skipped: " + reason);
  }

  static KernelResult run(String name, String text) throws KernelException {
    Scenario scenario = ScenarioParser.parse(name, text);
    return RUNNER.run(scenario);
  }
}
