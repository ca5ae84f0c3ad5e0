package mountcheck.properties.rcu;

/** A property's verdict for one variant. */
public enum Verdict {
  PASS,
  FAIL,
  /** No violation found, but the exploration stopped at a limit. */
  UNKNOWN
}
