package mountcheck.properties.engine;

/**
 * One replay of a choice sequence during shrinking: whether the example it produced was invalid,
 * passed or failed, the choices actually consumed (a prefix of the candidate, or the candidate
 * padded with zeros), the spans of its list elements as start/end pairs, the value and verdict.
 */
public record Attempt<T>(
    Status status, ChoiceSequence choices, int[] spans, T value, Verdict verdict) {
  public enum Status {
    INVALID,
    PASS,
    FAIL
  }

  public boolean failed() {
    return status == Status.FAIL;
  }
}
