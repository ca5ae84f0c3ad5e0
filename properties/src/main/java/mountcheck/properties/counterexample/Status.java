package mountcheck.properties.counterexample;

import java.util.Locale;

/** What a stored counterexample is for. */
public enum Status {
  /** A bug that was fixed: the property must pass on it now. */
  REGRESSION,
  /** A documented real difference (for example 2017 vs 2025): the property must keep failing. */
  WITNESS;

  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Status parse(String word) {
    for (Status s : values()) {
      if (s.word().equals(word.trim())) return s;
    }
    throw new IllegalArgumentException("unknown status '" + word + "' (regression or witness)");
  }
}
