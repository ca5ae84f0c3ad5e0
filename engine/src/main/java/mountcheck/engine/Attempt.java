package mountcheck.engine;

import java.util.List;

/**
 * One replay of a choice sequence during shrinking: whether the example it produced was invalid,
 * passed or failed, the choices actually consumed (a prefix of the candidate, or the candidate
 * padded with zeros), the labelled spans the generator marked (empty unless it failed), the value
 * and verdict.
 */
public record Attempt<T>(
    Status status, ChoiceSequence choices, List<Span> spans, T value, Verdict verdict) {
  public Attempt {
    spans = spans == null ? List.of() : List.copyOf(spans);
  }

  public enum Status {
    INVALID,
    PASS,
    FAIL
  }

  public boolean failed() {
    return status == Status.FAIL;
  }
}
