package mountcheck.kernel;

import java.util.HashSet;
import java.util.Set;

/**
 * Whether a check that needs the live kernel may be skipped. CI sets {@value #PROPERTY}{@code
 * =true} ({@code .ci/run}): there a kernel check that cannot run is an error, never a skip. Local
 * runs without {@code unshare -Urm} skip such checks and say why on stderr, once per reason.
 *
 * <p>Tests use it as {@code assumeTrue(KernelRequirement.usable(what), ...)}: the call throws when
 * the kernel is required and missing, so the test fails instead of being skipped.
 */
public final class KernelRequirement {
  /** The system property CI sets. */
  public static final String PROPERTY = "mountcheck.requireKernel";

  private static final KernelRunner PROBE = new KernelRunner();
  private static final Set<String> TOLD = new HashSet<>();

  private KernelRequirement() {}

  /** Whether this run must not skip kernel checks ({@code -Dmountcheck.requireKernel=true}). */
  public static boolean required() {
    return Boolean.getBoolean(PROPERTY);
  }

  /**
   * True when live-kernel checks can run here. Otherwise throws {@link KernelRequiredException}
   * when {@link #required()}, else prints the reason on stderr (once) and returns false.
   *
   * @param what the check that needs the kernel, for the messages
   */
  public static boolean usable(String what) {
    return usable(what, PROBE.unavailableReason(), required());
  }

  /** {@link #usable(String)} with the probe's answer and the requirement given. */
  static synchronized boolean usable(String what, String unavailableReason, boolean required) {
    if (unavailableReason == null) return true;
    if (required)
      throw new KernelRequiredException(
          what + " needs the live kernel (" + PROPERTY + "=true) but: " + unavailableReason);
    if (TOLD.add(unavailableReason))
      System.err.println("[mountcheck] live-kernel checks skipped: " + unavailableReason);
    return false;
  }

  /** The message a skipped check reports. */
  public static String skipMessage(String what) {
    String reason = PROBE.unavailableReason();
    return what + " skipped: " + (reason == null ? "the kernel is usable" : reason);
  }

  /** A kernel check that cannot run where the kernel is required. */
  public static final class KernelRequiredException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    KernelRequiredException(String message) {
      super(message);
    }
  }
}
