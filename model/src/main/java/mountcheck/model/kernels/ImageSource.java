package mountcheck.model.kernels;

/** Where a kernel of the matrix runs: the machine's own kernel, or an image booted under QEMU. */
public sealed interface ImageSource {
  /** The machine's running kernel, in a fresh {@code unshare -Urm}. */
  record HostKernel() implements ImageSource {}

  /**
   * The newest image package of one series that a Debian suite serves, fetched from the archive of
   * the machine's own apt sources and cached.
   *
   * @param suite the Debian suite (bullseye, bookworm, trixie, sid)
   * @param packagePattern an extended regular expression for the image package's name
   */
  record DebianPackage(String suite, String packagePattern) implements ImageSource {}

  /**
   * A kernel that no Debian suite serves: it boots only from a bzImage given with {@code
   * --kernel-image}; the registry entry gives its semantics.
   */
  record BuiltImage() implements ImageSource {}
}
