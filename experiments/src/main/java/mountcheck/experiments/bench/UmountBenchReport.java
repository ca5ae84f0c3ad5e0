package mountcheck.experiments.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.experiments.plot.LogLogPlot;

/**
 * The measured points of {@code bench umount} and their renderings: the Markdown table laid out
 * like 296990deb389's (mounts, then a seconds and a work column per generation), the CSV, the time
 * ratio per doubling of mounts, and the log-log plot panels.
 */
public final class UmountBenchReport {
  /** Shown instead of a time that passed the budget, and for the larger N that were not run. */
  public static final String OVER_BUDGET = ">budget";

  /** The window of the linearity check of issue 3 (goal data, {@link BenchGoals}). */
  public static final int RATIO_FROM = BenchGoals.STANDARD.whole("umount.from");

  public static final int RATIO_TO = BenchGoals.STANDARD.whole("umount.to");

  /** What counts as linear: at most this time ratio per doubling of mounts (goal data). */
  public static final double LINEAR_RATIO = BenchGoals.STANDARD.number("umount.linear-ratio");

  /** One measured point. */
  public record Point(String generation, int n, int mounts, PlanTimer.Timing timing) {}

  private final List<String> generations;
  private final double budgetSeconds;
  private final List<Point> points = new ArrayList<>();

  public UmountBenchReport(List<String> generations, double budgetSeconds) {
    this.generations = List.copyOf(generations);
    this.budgetSeconds = budgetSeconds;
  }

  public void add(Point p) {
    points.add(p);
  }

  public List<Point> points() {
    return List.copyOf(points);
  }

  public boolean overBudget(Point p) {
    return p.timing().seconds() > budgetSeconds;
  }

  private Optional<Point> point(String generation, int n) {
    return points.stream().filter(p -> p.generation().equals(generation) && p.n() == n).findFirst();
  }

  /** The Markdown table: one row per N, mounts first, then seconds and work per generation. */
  public String markdown() {
    List<String> header = new ArrayList<>(List.of("mounts"));
    for (String g : generations) {
      header.add(g + " s");
      header.add(g + " work");
    }
    MarkdownTable t = new MarkdownTable(header);
    for (int c = 0; c < header.size(); c++) t.rightAligned(c);
    TreeSet<Integer> ns = new TreeSet<>();
    points.forEach(p -> ns.add(p.n()));
    for (int n : ns) {
      List<Object> row = new ArrayList<>(List.of(OverlapWorkload.mountCount(n)));
      for (String g : generations) {
        Optional<Point> p = point(g, n);
        if (p.isEmpty()) {
          row.add(OVER_BUDGET);
          row.add("-");
        } else {
          row.add(overBudget(p.get()) ? OVER_BUDGET : decimal(p.get().timing().seconds(), 3));
          row.add(p.get().timing().work());
        }
      }
      t.row(row.toArray());
    }
    return t.render();
  }

  /** CSV with header {@code generation,n,mounts,seconds,work}; one row per measured point. */
  public String csv() {
    StringBuilder out = new StringBuilder("generation,n,mounts,seconds,work\n");
    for (Point p : points) {
      out.append(p.generation())
          .append(',')
          .append(p.n())
          .append(',')
          .append(p.mounts())
          .append(',')
          .append(decimal(p.timing().seconds(), 6))
          .append(',')
          .append(p.timing().work())
          .append('\n');
    }
    return out.toString();
  }

  /**
   * Per generation, the geometric mean of the time ratio per doubling of mounts between the
   * smallest and the largest N measured within the budget in {@link #RATIO_FROM}..{@link
   * #RATIO_TO}, and whether it is at most {@link #LINEAR_RATIO}. Printed, never asserted.
   */
  public List<String> doublingRatios() {
    List<String> lines = new ArrayList<>();
    for (String g : generations) {
      List<Point> window =
          points.stream()
              .filter(p -> p.generation().equals(g))
              .filter(p -> p.n() >= RATIO_FROM && p.n() <= RATIO_TO && !overBudget(p))
              .toList();
      if (window.size() < 2) {
        lines.add(
            String.format(
                Locale.ROOT,
                "%s: no time ratio per doubling (needs two points within the budget in N=%d..%d)",
                g,
                RATIO_FROM,
                RATIO_TO));
        continue;
      }
      Point first = window.get(0);
      Point last = window.get(window.size() - 1);
      double doublings = Math.log((double) last.mounts() / first.mounts()) / Math.log(2);
      double ratio = Math.pow(last.timing().seconds() / first.timing().seconds(), 1 / doublings);
      double workRatio =
          Math.pow((double) last.timing().work() / first.timing().work(), 1 / doublings);
      lines.add(
          String.format(
              Locale.ROOT,
              "%s: time x%.2f per doubling of mounts from N=%d to N=%d (geometric mean; work"
                  + " x%.2f); <= %.1f: %s",
              g,
              ratio,
              first.n(),
              last.n(),
              workRatio,
              LINEAR_RATIO,
              ratio <= LINEAR_RATIO ? "yes" : "no"));
    }
    return lines;
  }

  /** Two panels, seconds and work against mounts, one series per generation. */
  public List<LogLogPlot> plots(String graphSource) {
    LogLogPlot time =
        new LogLogPlot(
            "umount -l /mnt/1: time (" + graphSource + " graph)", "mounts", "seconds (median)");
    LogLogPlot work = new LogLogPlot("umount -l /mnt/1: work", "mounts", "work (lookups + visits)");
    for (String g : generations) {
      List<Point> mine = points.stream().filter(p -> p.generation().equals(g)).toList();
      time.add(
          g,
          mine.stream().mapToDouble(Point::mounts).toArray(),
          mine.stream().mapToDouble(p -> p.timing().seconds()).toArray());
      work.add(
          g,
          mine.stream().mapToDouble(Point::mounts).toArray(),
          mine.stream().mapToDouble(p -> p.timing().work()).toArray());
    }
    return List.of(time, work);
  }

  /** {@code value} rounded to {@code digits} significant digits, without exponent. */
  static String decimal(double value, int digits) {
    if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    return new BigDecimal(value)
        .round(new MathContext(digits))
        .stripTrailingZeros()
        .toPlainString();
  }
}
