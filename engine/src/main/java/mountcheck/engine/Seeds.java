package mountcheck.engine;

import java.util.SplittableRandom;

/**
 * The one seed format of every mountcheck command: a decimal number; a fresh seed has exactly ten
 * digits, so that seeds look alike in every log, file header and report.
 */
public final class Seeds {
  private static final long SMALLEST = 1_000_000_000L;
  private static final long PAST_LARGEST = 10_000_000_000L;

  private Seeds() {}

  /** A fresh random seed of ten decimal digits. */
  public static long fresh() {
    return new SplittableRandom().nextLong(SMALLEST, PAST_LARGEST);
  }

  /** How a seed is written: {@code seed N}. */
  public static String describe(long seed) {
    return "seed " + seed;
  }
}
