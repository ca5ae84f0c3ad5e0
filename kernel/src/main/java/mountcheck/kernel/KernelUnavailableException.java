package mountcheck.kernel;

/**
 * This machine does not let us run scenarios: {@code unshare -Urm true} fails (user namespaces
 * disabled, seccomp, a container without CAP_SYS_ADMIN over its own namespaces, ...) or a tool is
 * missing. The message says why, with the probe's stderr.
 */
public final class KernelUnavailableException extends KernelException {
  public KernelUnavailableException(String message) {
    super(message);
  }
}
