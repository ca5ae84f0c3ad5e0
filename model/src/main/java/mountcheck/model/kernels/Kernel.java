package mountcheck.model.kernels;

import mountcheck.model.rcu.Variant;
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
    Variant lifetime) {
  /** Whether it is the machine's own kernel (the scenario runs in {@code unshare -Urm} here). */
  public boolean isHost() {
    return image instanceof ImageSource.HostKernel;
  }

  /** Whether it boots under QEMU. */
  public boolean isGuest() {
    return !isHost();
  }

  @Override
  public String toString() {
    return name;
  }
}
