package mountcheck.engine;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * How to run a property: the seed, budget overrides (0 or null keep the property's defaults),
 * shrink limits, discard cap, progress callback and the log that gets the seed line of every run. A
 * run is reproducible from its seed and budget: the i-th example depends only on the seed, i and
 * the number of tries. A run can be one {@link Shard} of a campaign: it then checks only the
 * examples whose campaign index ({@code firstItem} + example index) the shard owns.
 */
public record RunConfig(
    long seed,
    int tries,
    Duration timeLimit,
    ShrinkLimits shrinkLimits,
    int maxDiscardFactor,
    Progress progress,
    Consumer<String> log,
    Shard shard,
    long firstItem) {

  public RunConfig {
    if (shard == null) shard = Shard.WHOLE;
    if (firstItem < 0) throw new IllegalArgumentException("negative first item " + firstItem);
  }

  public RunConfig(
      long seed,
      int tries,
      Duration timeLimit,
      ShrinkLimits shrinkLimits,
      int maxDiscardFactor,
      Progress progress,
      Consumer<String> log) {
    this(seed, tries, timeLimit, shrinkLimits, maxDiscardFactor, progress, log, Shard.WHOLE, 0);
  }

  /** A fresh random seed, the property's budget, default shrink limits, the log on stderr. */
  public static RunConfig defaults() {
    return new RunConfig(
        Seeds.fresh(), 0, null, ShrinkLimits.DEFAULT, 10, Progress.NONE, System.err::println);
  }

  public RunConfig withSeed(long newSeed) {
    return new RunConfig(
        newSeed, tries, timeLimit, shrinkLimits, maxDiscardFactor, progress, log, shard, firstItem);
  }

  public RunConfig withTries(int newTries) {
    return new RunConfig(
        seed, newTries, timeLimit, shrinkLimits, maxDiscardFactor, progress, log, shard, firstItem);
  }

  public RunConfig withTimeLimit(Duration newLimit) {
    return new RunConfig(
        seed, tries, newLimit, shrinkLimits, maxDiscardFactor, progress, log, shard, firstItem);
  }

  public RunConfig withShrinkLimits(ShrinkLimits limits) {
    return new RunConfig(
        seed, tries, timeLimit, limits, maxDiscardFactor, progress, log, shard, firstItem);
  }

  public RunConfig withMaxDiscardFactor(int factor) {
    return new RunConfig(
        seed, tries, timeLimit, shrinkLimits, factor, progress, log, shard, firstItem);
  }

  public RunConfig withProgress(Progress newProgress) {
    return new RunConfig(
        seed, tries, timeLimit, shrinkLimits, maxDiscardFactor, newProgress, log, shard, firstItem);
  }

  public RunConfig withLog(Consumer<String> newLog) {
    return new RunConfig(
        seed, tries, timeLimit, shrinkLimits, maxDiscardFactor, progress, newLog, shard, firstItem);
  }

  /**
   * This run as shard {@code s} of a campaign whose items are numbered from {@code first}: example
   * i of this run is campaign item {@code first + i} (several runs, such as one per kernel, share
   * one numbering).
   */
  public RunConfig withShard(Shard s, long first) {
    return new RunConfig(
        seed, tries, timeLimit, shrinkLimits, maxDiscardFactor, progress, log, s, first);
  }

  /** Whether this run checks its example {@code i}. */
  boolean owns(int i) {
    return shard.owns(firstItem + i);
  }

  int triesFor(Property<?> p) {
    return tries > 0 ? tries : p.tries();
  }

  Duration timeLimitFor(Property<?> p) {
    return timeLimit != null ? timeLimit : p.timeLimit();
  }
}
