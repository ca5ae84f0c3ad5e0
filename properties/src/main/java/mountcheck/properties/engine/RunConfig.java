package mountcheck.properties.engine;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * How to run a property: the seed, budget overrides (0 or null keep the property's defaults),
 * shrink limits, discard cap, progress callback and the log that gets the seed line of every run. A
 * run is reproducible from its seed and budget: the i-th example depends only on the seed, i and
 * the number of tries.
 */
public record RunConfig(
    long seed,
    int tries,
    Duration timeLimit,
    ShrinkLimits shrinkLimits,
    int maxDiscardFactor,
    Progress progress,
    Consumer<String> log) {

  /** A fresh random seed, the property's budget, default shrink limits, the log on stderr. */
  public static RunConfig defaults() {
    return new RunConfig(
        Seeds.fresh(), 0, null, ShrinkLimits.DEFAULT, 10, Progress.NONE, System.err::println);
  }

  public RunConfig withSeed(long newSeed) {
    return new RunConfig(newSeed, tries, timeLimit, shrinkLimits, maxDiscardFactor, progress, log);
  }

  public RunConfig withTries(int newTries) {
    return new RunConfig(seed, newTries, timeLimit, shrinkLimits, maxDiscardFactor, progress, log);
  }

  public RunConfig withTimeLimit(Duration newLimit) {
    return new RunConfig(seed, tries, newLimit, shrinkLimits, maxDiscardFactor, progress, log);
  }

  public RunConfig withShrinkLimits(ShrinkLimits limits) {
    return new RunConfig(seed, tries, timeLimit, limits, maxDiscardFactor, progress, log);
  }

  public RunConfig withMaxDiscardFactor(int factor) {
    return new RunConfig(seed, tries, timeLimit, shrinkLimits, factor, progress, log);
  }

  public RunConfig withProgress(Progress newProgress) {
    return new RunConfig(seed, tries, timeLimit, shrinkLimits, maxDiscardFactor, newProgress, log);
  }

  public RunConfig withLog(Consumer<String> newLog) {
    return new RunConfig(seed, tries, timeLimit, shrinkLimits, maxDiscardFactor, progress, newLog);
  }

  int triesFor(Property<?> p) {
    return tries > 0 ? tries : p.tries();
  }

  Duration timeLimitFor(Property<?> p) {
    return timeLimit != null ? timeLimit : p.timeLimit();
  }
}
