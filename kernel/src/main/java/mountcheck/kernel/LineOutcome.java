package mountcheck.kernel;

import mountcheck.model.semantics.Errno;

/**
 * What the kernel did with one scenario line.
 *
 * @param line the 1-based line in the scenario file
 * @param command the command as run
 * @param errno null when the command succeeded, else the errno's name (for example {@code EINVAL};
 *     {@code UNKNOWN} when no errno could be read from the tools' messages)
 * @param errnoNumber 0 when the command succeeded, else the errno's number (0 when unknown)
 * @param message what the tool printed (errors, or "" when it said nothing)
 */
public record LineOutcome(int line, String command, String errno, int errnoNumber, String message) {

  public static LineOutcome ok(int line, String command, String message) {
    return new LineOutcome(line, command, null, 0, message);
  }

  public boolean ok() {
    return errno == null;
  }

  /**
   * The model's errno for this failure, or null when the command succeeded or the model has none.
   */
  public Errno modelErrno() {
    return ok() ? null : Errno.ofNumber(errnoNumber);
  }

  @Override
  public String toString() {
    return line + ": " + command + ": " + (ok() ? "ok" : errno + " (" + errnoNumber + ")");
  }
}
