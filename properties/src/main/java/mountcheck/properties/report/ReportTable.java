package mountcheck.properties.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import mountcheck.properties.engine.LabelShare;
import mountcheck.properties.engine.RunReport;

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

  /** The header line and the alignment line. */
  public static String header() {
    return "| property | tries | labels | time | result | counterexample |\n"
        + "|---|---:|---|---:|---|---|\n";
  }

  /** The whole table. */
  public static String render(List<Row> rows) {
    StringBuilder b = new StringBuilder(header());
    for (Row r : rows) b.append(row(r.report(), r.counterexample())).append('\n');
    return b.toString();
  }

  /** One table row (no trailing newline). */
  public static String row(RunReport<?> r, Path counterexample) {
    return "| "
        + cell(r.property())
        + " | "
        + tries(r)
        + " | "
        + cell(labels(r.labels()))
        + " | "
        + time(r)
        + " | "
        + cell(result(r))
        + " | "
        + (counterexample == null ? "" : cell(counterexample.toString()))
        + " |";
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

  /** A table cell: one line, pipes escaped. */
  static String cell(String text) {
    String oneLine = text.replace("\r", "").replace('\n', ' ');
    return oneLine.replace("|", "\\|");
  }
}
