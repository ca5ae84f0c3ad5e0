package mountcheck.cli;

import mountcheck.properties.engine.Seeds;
import picocli.CommandLine.Option;

/**
 * {@code --seed S}, the one way every randomized command takes its seed: the given one, else a
 * fresh random ten-digit seed, printed everywhere in one form ({@link #describe}).
 */
public final class SeedOption {
  @Option(
      names = "--seed",
      paramLabel = "S",
      description =
          "seed of the randomized checks, any 64-bit number (default: a fresh random seed,"
              + " printed as 'seed N (rerun with --seed N)')")
  private Long seed;

  /** The seed given, else a fresh one; call once per run and keep it. */
  public long resolve() {
    return seed != null ? seed : Seeds.fresh();
  }

  /** Whether {@code --seed} was given. */
  public boolean given() {
    return seed != null;
  }

  /** The README's form: {@code seed N (rerun with --seed N)}. */
  public static String describe(long seed) {
    return Seeds.describe(seed) + " (rerun with --seed " + seed + ")";
  }
}
