package mountcheck.engine;

import java.util.Objects;

/**
 * The outcome of checking one example: it passed, it failed (with a message and, when the check
 * compares two things, the expected and actual values in canonical form), or it is discarded
 * because it does not meet the property's assumption.
 */
public record Verdict(Kind kind, String message, String expected, String actual, Throwable cause) {
  public enum Kind {
    PASS,
    FAIL,
    DISCARD
  }

  private static final Verdict PASS = new Verdict(Kind.PASS, "", "", "", null);

  public Verdict {
    Objects.requireNonNull(kind);
    message = message == null ? "" : message;
    expected = expected == null ? "" : expected;
    actual = actual == null ? "" : actual;
  }

  public static Verdict pass() {
    return PASS;
  }

  public static Verdict fail(String message) {
    return new Verdict(Kind.FAIL, message, "", "", null);
  }

  public static Verdict fail(String message, String expected, String actual) {
    return new Verdict(Kind.FAIL, message, expected, actual, null);
  }

  /** A failure because the check threw. */
  public static Verdict threw(Throwable cause) {
    return new Verdict(Kind.FAIL, "threw " + cause, "", "", cause);
  }

  /** The example does not meet the property's assumption; it is not counted as checked. */
  public static Verdict discard(String reason) {
    return new Verdict(Kind.DISCARD, reason, "", "", null);
  }

  /** Passes when {@code ok}, otherwise fails with {@code message}. */
  public static Verdict of(boolean ok, String message) {
    return ok ? PASS : fail(message);
  }

  /** Passes when {@code expected.equals(actual)}, otherwise fails showing both. */
  public static Verdict equal(String message, Object expected, Object actual) {
    return Objects.equals(expected, actual)
        ? PASS
        : fail(message, String.valueOf(expected), String.valueOf(actual));
  }

  public boolean passed() {
    return kind == Kind.PASS;
  }

  public boolean failed() {
    return kind == Kind.FAIL;
  }

  public boolean discarded() {
    return kind == Kind.DISCARD;
  }
}
