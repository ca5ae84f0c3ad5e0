package mountcheck.engine;

import java.time.Duration;

/** Bounds of one shrinking phase: wall-clock time and the number of re-checks. */
public record ShrinkLimits(Duration time, int maxSteps) {
  public static final ShrinkLimits DEFAULT = new ShrinkLimits(Duration.ofSeconds(10), 20_000);

  public ShrinkLimits {
    if (time.isNegative()) throw new IllegalArgumentException("negative shrink time");
    if (maxSteps < 0) throw new IllegalArgumentException("negative shrink steps");
  }

  /** The deadline, in {@link System#nanoTime()} terms, of a phase starting now. */
  public long deadlineFromNow() {
    long now = System.nanoTime();
    long nanos = time.toNanos();
    return nanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
  }
}
