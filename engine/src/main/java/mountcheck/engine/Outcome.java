package mountcheck.engine;

/** How a property run ended. Only {@link #PASSED} is success. */
public enum Outcome {
  /** Every checked example passed and every required label reached its share. */
  PASSED,
  /** An example failed; the report carries it, shrunk. */
  FAILED,
  /** No example failed, but a required label stayed below its minimum share. */
  LABELS_UNMET,
  /** The generator produced too many invalid examples (or none valid) to check the property. */
  GAVE_UP;

  public boolean ok() {
    return this == PASSED;
  }
}
