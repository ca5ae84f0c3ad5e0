package mountcheck.kernel.live;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import mountcheck.kernel.KernelRequirement;

/**
 * Where the live observers cannot run (no unshare -Urm; no fanotify mount marks before Linux 6.15;
 * not root), the tests skip with the reason, or fail with it under -Dmountcheck.requireKernel=true.
 */
final class LiveTests {
  private static final String WHAT = "the live change-stream tests";
  private static boolean told;

  private LiveTests() {}

  static synchronized void assumeLive() {
    assumeTrue(KernelRequirement.usable(WHAT), () -> KernelRequirement.skipMessage(WHAT));
    String reason = LiveEventRunner.unavailableReason();
    if (reason != null && KernelRequirement.required()) {
      fail(WHAT + " need the live kernel (" + KernelRequirement.PROPERTY + "=true) but: " + reason);
    }
    if (reason != null && !told) {
      told = true;
      System.err.println("[mountcheck] " + WHAT + " skipped: " + reason);
    }
    assumeTrue(reason == null, () -> WHAT + " skipped: " + reason);
  }
}
