package mountcheck.cli.results;

/**
 * The limits a result was produced under: at most {@code tries} examples (or scenarios, states), at
 * most {@code seconds} of time, and the multiple of the CI budget they came from. Null fields do
 * not apply.
 */
public record Budget(Long tries, Double seconds, Double factor) {
  public static final Budget NONE = new Budget(null, null, null);

  public static Budget of(long tries, double seconds) {
    return new Budget(tries, seconds, null);
  }

  public Budget withFactor(double f) {
    return new Budget(tries, seconds, f);
  }
}
