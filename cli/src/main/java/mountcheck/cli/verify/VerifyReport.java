package mountcheck.cli.verify;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import mountcheck.engine.report.MarkdownTable;

/** {@code verify}'s summary table, its last line and its Markdown report, from the outcomes. */
public record VerifyReport(List<StepOutcome> outcomes) {
  public VerifyReport {
    outcomes = List.copyOf(outcomes);
  }

  /** Whether every step held (or was caught, skipped, not run). */
  public boolean holds() {
    return outcomes.stream().allMatch(o -> o.verdict().acceptable());
  }

  /** Whether a guest of the matrix could not run. */
  public boolean matrixNotRun() {
    return outcomes.stream()
        .anyMatch(o -> o.area().equals("matrix") && o.verdict() instanceof StepVerdict.NotRun);
  }

  /** The summary table (Markdown). */
  public String summary() {
    MarkdownTable t = new MarkdownTable("area", "check", "result", "s").rightAligned(3);
    for (StepOutcome o : outcomes)
      t.row(
          o.area(),
          o.check(),
          o.verdict().text(),
          o.seconds() == null ? "-" : String.format(Locale.ROOT, "%.1f", o.seconds()));
    return t.render();
  }

  /** The summary's last line. */
  public String verdictLine() {
    if (!holds()) return "verify: FAILED: " + failedChecks();
    return matrixNotRun()
        ? "verify: everything that ran holds; the kernel matrix was NOT run"
        : "verify: everything holds";
  }

  private String failedChecks() {
    return String.join(
        "; ",
        outcomes.stream()
            .filter(o -> !o.verdict().acceptable())
            .map(o -> o.area() + ": " + o.verdict().text())
            .toList());
  }

  /**
   * The report: date, kernel, seed, the summary, the plots that exist in {@code dir}, and every
   * step's details.
   */
  public String markdown(Path dir, long seed, Instant date, String kernelRelease) {
    StringBuilder report = new StringBuilder();
    report
        .append("# mountcheck verify report\n\n")
        .append("- date: ")
        .append(date)
        .append('\n')
        .append("- kernel: ")
        .append(kernelRelease)
        .append('\n')
        .append("- seed: ")
        .append(seed)
        .append(" (rerun: `./mountcheck verify --seed ")
        .append(seed)
        .append("`)\n\n");
    report
        .append("## Summary\n\n")
        .append(summary())
        .append('\n')
        .append(
            holds()
                ? "**Everything holds.**\n\n"
                : "**Something failed: see the rows above.**\n\n");
    if (Files.exists(dir.resolve(VerifyPlan.UMOUNT_PLOT)))
      report.append(
          "## propagate_umount on the overlap family\n\n![time and work against"
              + " mounts]("
              + VerifyPlan.UMOUNT_PLOT
              + ")\n\n");
    report.append(
        "## The seeds on the kernels\n\n"
            + "verify runs the seeds' experiments on the host only, shortened (see Details)."
            + " Every kernel of the matrix, the guests under QEMU in one boot each (about 4"
            + " minutes on a quiet machine): `./mountcheck bench kernels --csv kernels.csv"
            + " --plots DIR`; the committed run is in experiments/runs/kernels/.\n\n");
    if (Files.exists(dir.resolve(VerifyPlan.KERNEL_PLOTS).resolve("seed-000.png")))
      report.append("![seed 000 on the host](" + VerifyPlan.KERNEL_PLOTS + "/seed-000.png)\n\n");
    report.append("## Details\n\n");
    for (StepOutcome o : outcomes) report.append(o.details());
    return report.toString();
  }
}
