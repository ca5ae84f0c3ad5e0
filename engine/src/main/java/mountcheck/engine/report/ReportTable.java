package mountcheck.engine.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import mountcheck.engine.LabelShare;
import mountcheck.engine.PassStatistics;
import mountcheck.engine.RunReport;

/**
 * Renders property runs as a Markdown table, one row per property: property, tries (checked, and
 * discarded if any), labels with their shares, time and throughput, result, counterexample file.
 */
public final class ReportTable {
  /** How many labels a row shows; the rest are summarised as "+N more". */
  static final int MAX_LABELS = 4;

  private ReportTable() {}

  /** One row: a run and the counterexample file it wrote, or null. */
  public record Row(RunReport<?> report, Path counterexample) {}

  private static MarkdownTable table() {
    return new MarkdownTable("property", "tries", "labels", "time", "result", "counterexample")
        .rightAligned(1, 3);
  }

  /** The header line and the alignment line. */
  public static String header() {
    return table().header();
  }

  /** The whole table. */
  public static String render(List<Row> rows) {
    MarkdownTable t = table();
    for (Row r : rows) t.row(cells(r.report(), r.counterexample()).toArray());
    return t.render();
  }

  /** One table row (no trailing newline). */
  public static String row(RunReport<?> r, Path counterexample) {
    return MarkdownTable.line(cells(r, counterexample));
  }

  private static List<String> cells(RunReport<?> r, Path counterexample) {
    return List.of(
        r.property(),
        tries(r),
        labels(r.labels()),
        time(r),
        result(r),
        counterexample == null ? "" : counterexample.toString());
  }

  static String tries(RunReport<?> r) {
    return r.discarded() == 0
        ? Integer.toString(r.checked())
        : r.checked() + " (+" + r.discarded() + " discarded)";
  }

  /** "label 12.5%, other 3.0%", most frequent first. */
  public static String labels(List<LabelShare> shares) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < shares.size() && i < MAX_LABELS; i++) {
      if (i > 0) b.append(", ");
      LabelShare s = shares.get(i);
      b.append(s.label()).append(String.format(Locale.ROOT, " %.1f%%", 100 * s.share()));
    }
    if (shares.size() > MAX_LABELS)
      b.append(", +").append(shares.size() - MAX_LABELS).append(" more");
    return b.toString();
  }

  static String time(RunReport<?> r) {
    return String.format(Locale.ROOT, "%.2f s (%.0f/s)", r.totalNanos() / 1e9, r.throughput());
  }

  static String result(RunReport<?> r) {
    switch (r.outcome()) {
      case PASSED:
        return "pass";
      case FAILED:
        return "FAIL: " + r.firstFailure().map(f -> f.verdict().message()).orElse("");
      case LABELS_UNMET:
        return "FAIL: " + String.join("; ", r.unmetLabels());
      case GAVE_UP:
      default:
        return "GAVE UP: " + r.gaveUpReason();
    }
  }

  /**
   * What each shrink pass did, one row per pass in the order they ran: the choice shrinker's
   * passes, then the value shrinker's; removed in the pass's unit (choices, or characters of the
   * script).
   */
  public static String shrinkPasses(List<PassStatistics> passes) {
    MarkdownTable t =
        new MarkdownTable("shrink pass", "runs", "calls", "successes", "removed")
            .rightAligned(1, 2, 3, 4);
    for (PassStatistics p : passes) {
      t.row(p.pass(), p.runs(), p.calls(), p.successes(), p.removed() + " " + p.unit());
    }
    return t.render();
  }
}
