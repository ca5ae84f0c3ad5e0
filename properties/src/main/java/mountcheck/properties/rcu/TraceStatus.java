package mountcheck.properties.rcu;

import java.util.Locale;

/** What a stored trace must do when replayed (docs/architecture.md §5). */
public enum TraceStatus {
  /** Documents a real difference: replaying must still violate the property. */
  WITNESS,
  /**
   * Documents behaviour the kernel accepts (a property it does not promise): replaying must still
   * violate the property, on the unmodified model.
   */
  EXPECTED,
  /** A fixed bug: replaying must now hold (or the steps no longer apply). */
  REGRESSION;

  /** The status of a new counterexample to {@code p}. */
  public static TraceStatus of(RcuProperty p) {
    return p.guarantee() ? WITNESS : EXPECTED;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
