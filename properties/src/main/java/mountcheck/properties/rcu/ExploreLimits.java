package mountcheck.properties.rcu;

/**
 * When the explorer stops early: after {@code maxStates} distinct states per scenario or at the
 * wall-clock {@code deadlineMillis} (System.currentTimeMillis), whichever comes first.
 */
public record ExploreLimits(long maxStates, long deadlineMillis) {
  public static ExploreLimits none() {
    return new ExploreLimits(Long.MAX_VALUE, Long.MAX_VALUE);
  }

  public static ExploreLimits seconds(double s) {
    return new ExploreLimits(Long.MAX_VALUE, System.currentTimeMillis() + (long) (s * 1000));
  }
}
