package mountcheck.experiments.bench;

import java.util.Arrays;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.umount.UmountPlan;

/**
 * Times {@link UmountAlgorithm#plan} on one workload: at least {@code warmup} warm-up runs, and
 * more until {@code warmupSeconds} have passed (so that points of a few microseconds are run often
 * enough for the JIT's last tier), but no more once the warm-up has taken the budget; then up to
 * {@code runs} measured runs (fewer once one passes the budget), and their median. Every plan's
 * size and work are folded into a sink that is read at the end, so the JIT cannot drop the call.
 */
public final class PlanTimer {
  private final int warmup;
  private final double warmupSeconds;
  private final int runs;
  private final double budgetSeconds;
  private long sink;

  public PlanTimer(int warmup, double warmupSeconds, int runs, double budgetSeconds) {
    this.warmup = warmup;
    this.warmupSeconds = warmupSeconds;
    this.runs = runs;
    this.budgetSeconds = budgetSeconds;
  }

  /**
   * The timing of one generation on one workload.
   *
   * @param seconds median of the measured runs
   * @param runs measured runs taken
   * @param work the plan's work counter (the same on every run)
   * @param victims victims in the plan
   */
  public record Timing(double seconds, int runs, long work, int victims) {}

  public Timing time(UmountAlgorithm algorithm, OverlapWorkload w) {
    long warmStart = System.nanoTime();
    for (int i = 0; ; i++) {
      double spent = (System.nanoTime() - warmStart) / 1e9;
      if (spent >= budgetSeconds || (i >= warmup && spent >= warmupSeconds)) {
        break;
      }
      fold(algorithm.plan(w.graph(), w.u()));
    }
    double[] seconds = new double[runs];
    int taken = 0;
    UmountPlan plan = null;
    while (taken < runs) {
      long t0 = System.nanoTime();
      plan = algorithm.plan(w.graph(), w.u());
      long t1 = System.nanoTime();
      fold(plan);
      seconds[taken++] = (t1 - t0) / 1e9;
      if (seconds[taken - 1] > budgetSeconds) {
        break;
      }
    }
    double[] sorted = Arrays.copyOf(seconds, taken);
    Arrays.sort(sorted);
    return new Timing(median(sorted), taken, plan.work(), plan.victims().size());
  }

  /** Folded sizes and work of every plan made so far (keeps the results live). */
  public long sink() {
    return sink;
  }

  private void fold(UmountPlan plan) {
    sink += plan.victims().size() + plan.work();
  }

  private static double median(double[] sorted) {
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
