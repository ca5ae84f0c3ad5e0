package mountcheck.model.kernels;

import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.semantics.KernelProfile;

/**
 * One kernel of the matrix: what the command line calls it, whose rules the model follows for it,
 * where it runs, what a scenario starts from, and its lifetime design. Registered in {@link
 * Kernels}; code asks these fields, never the name.
 *
 * @param name the {@code --kernel} name ({@code host}, or a guest's series such as {@code 6.1})
 * @param series the release series whose semantics {@code profile} describes ({@code 6.18} for the
 *     host, whose rules the model follows by default)
 * @param profile the model's semantics for it: umount generation, rules, tmpfs options
 * @param image where it runs
 * @param start what the scenario's namespace holds before its first line
 * @param lifetime the lifetime model's design of its RCU-deferred frees
 */
public record Kernel(
    String name,
    String series,
    KernelProfile profile,
    ImageSource image,
    StartingState start,
    LifetimeDesign lifetime) {
  /** Whether it is the machine's own kernel (the scenario runs in {@code unshare -Urm} here). */
  public boolean isHost() {
    return image instanceof ImageSource.HostKernel;
  }

  /**
   * Where this kernel's recorded answer to a scenario lies, relative to the project's directory:
   * the host's beside the scenario ({@code X.expected}); a guest's under {@code
   * conformance/kernels/}, in a folder of its name, at the scenario's path below {@code
   * conformance/}.
   *
   * @param scenario the scenario's path relative to the project's directory, {@code /}-separated
   */
  public String answerFile(String scenario) {
    String base =
        scenario.endsWith(".sh") ? scenario.substring(0, scenario.length() - 3) : scenario;
    if (isHost()) return base + ".expected";
    String below = base.startsWith(CONFORMANCE) ? base.substring(CONFORMANCE.length()) : base;
    return CONFORMANCE + "kernels/" + name + "/" + below + ".expected";
  }

  private static final String CONFORMANCE = "conformance/";

  /** Whether it boots under QEMU. */
  public boolean isGuest() {
    return !isHost();
  }

  @Override
  public String toString() {
    return name;
  }
}
