package mountcheck.cli.results;

import java.util.Locale;

/** What a result came to; its JSON form is the lower-case name. */
public enum Verdict {
  /** The property held, the file replayed as its status says, the outcome was the expected one. */
  PASSED(true),
  /** A known-bug variant was caught, as intended. */
  CAUGHT(true),
  /** A measurement was taken (benchmarks). */
  MEASURED(true),
  /** Not run here, for a stated reason (no usable kernel). */
  SKIPPED(true),
  /** The property failed, a variant was missed, an outcome differed from its expectation. */
  FAILED(false),
  /** Not enough examples could be checked within the budget. */
  GAVE_UP(false),
  /** The check could not be carried out (a solver error, a timeout). */
  ERROR(false);

  private final boolean ok;

  Verdict(boolean ok) {
    this.ok = ok;
  }

  public boolean ok() {
    return ok;
  }

  /** The JSON and JUnit form: {@code passed}, {@code gave-up}, ... */
  public String word() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
