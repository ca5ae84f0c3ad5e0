package mountcheck.cli;

/**
 * A mistake of the user (a missing file, a bad value, an unusable input): the command line prints
 * its message as one line, without a stack trace, and exits with status 2.
 */
public final class UsageError extends RuntimeException {
  public UsageError(String message) {
    super(message);
  }
}
