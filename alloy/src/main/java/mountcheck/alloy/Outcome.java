package mountcheck.alloy;

/** What the solver said about one command. */
public enum Outcome {
  /** A {@code run} found an instance. */
  INSTANCE,
  /** A {@code check} found a counterexample. */
  COUNTEREXAMPLE,
  /** Unsatisfiable within the scope: no instance, or no counterexample. */
  NONE,
  /** The child JVM ran out of its time limit. */
  TIMEOUT,
  /** Translation or solving failed. */
  ERROR;

  /** The number Alloy's {@code expect} clause would have: 1 when something was found. */
  public int asExpectValue() {
    return switch (this) {
      case INSTANCE, COUNTEREXAMPLE -> 1;
      case NONE -> 0;
      case TIMEOUT, ERROR -> -1;
    };
  }
}
