package mountcheck.properties.rcu;

import java.util.Locale;

/** What a stored trace must do when replayed (docs/architecture.md §5). */
public enum TraceStatus {
  /** Documents a real difference: replaying must still violate the property. */
  WITNESS,
  /** A fixed bug: replaying must now hold (or the steps no longer apply). */
  REGRESSION;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
