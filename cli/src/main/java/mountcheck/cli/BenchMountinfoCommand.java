package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.experiments.bench.MountinfoBench;
import mountcheck.experiments.plot.LogLogPlot;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.live.LiveEventRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mountcheck bench mountinfo}: costs of reading a large mount table on the live kernel. */
@Command(
    name = "mountinfo",
    mixinStandardHelpOptions = true,
    description =
        "In a throw-away unshare -Urm namespace: the 2017 experiment (1,000 tmpfs mounts, parallel"
            + " readers each reading the whole /proc/PID/mountinfo, against the same bytes in a"
            + " regular file), then full-table reads at growing sizes: mountinfo, listmount plus"
            + " statmount of every mount, and the change stream's cost for one change (one fanotify"
            + " event and one statmount). Markdown tables; --plot draws the full reads log-log."
            + " Needs Linux 6.15+ and root.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:measured", "2:bad option", "3:the live kernel cannot be used here"})
public final class BenchMountinfoCommand implements Callable<Integer> {
  @Option(
      names = "--sizes",
      split = ",",
      paramLabel = "N[,N...]",
      defaultValue = "1000,10000,30000",
      description = "mount counts for the full-table reads (default: ${DEFAULT-VALUE})")
  List<Integer> sizes;

  @Option(
      names = "--tmpfs",
      paramLabel = "N",
      defaultValue = "1000",
      description = "tmpfs mounts for the parallel readers (default: ${DEFAULT-VALUE}, as in 2017)")
  int tmpfs;

  @Option(
      names = "--readers",
      paramLabel = "R",
      defaultValue = "4",
      description = "parallel readers (default: ${DEFAULT-VALUE})")
  int readers;

  @Option(
      names = "--rounds",
      paramLabel = "K",
      defaultValue = "1000",
      description = "full reads per reader (default: ${DEFAULT-VALUE})")
  int rounds;

  @Option(
      names = "--runs",
      paramLabel = "K",
      defaultValue = "5",
      description = "timed full reads per size, median reported (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(
      names = "--plot",
      paramLabel = "FILE",
      description =
          "also draw the full-table reads log-log (FILE.png or FILE.svg; default: no plot)")
  Path plot;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (plot != null && !LogLogPlot.supports(plot)) {
      err.println("bench mountinfo: --plot " + plot + ": the file name must end in .png or .svg");
      return 2;
    }
    String reason = new KernelRunner().unavailableReason();
    if (reason == null) reason = LiveEventRunner.unavailableReason();
    if (reason != null) {
      err.println("bench mountinfo: the live kernel cannot be used here: " + reason);
      return 3;
    }
    parallelReaders(out, err);
    List<MountinfoBench.FullRead> rows = fullReads(out, err);
    if (plot != null) {
      double[] x = rows.stream().mapToDouble(MountinfoBench.FullRead::mounts).toArray();
      LogLogPlot chart =
          new LogLogPlot("Reading the mount table", "mounts", "milliseconds")
              .add(
                  "/proc/PID/mountinfo",
                  x,
                  rows.stream().mapToDouble(MountinfoBench.FullRead::mountinfoMs).toArray())
              .add(
                  "listmount + statmount",
                  x,
                  rows.stream().mapToDouble(MountinfoBench.FullRead::listStatMs).toArray())
              .add(
                  "change stream (1 change)",
                  x,
                  rows.stream().mapToDouble(MountinfoBench.FullRead::changeStreamMs).toArray());
      LogLogPlot.write(plot, List.of(chart));
      err.println("bench mountinfo: wrote " + plot);
    }
    return 0;
  }

  /** Readers reading the whole table in parallel, against a regular file of the same bytes. */
  private void parallelReaders(PrintWriter out, PrintWriter err) throws Exception {
    Path scratch = Path.of(System.getProperty("java.io.tmpdir"));
    Files.createDirectories(scratch);
    try (MountinfoBench parallel = MountinfoBench.start(3600)) {
      parallel.addTmpfsMounts(tmpfs);
      err.println(
          "bench mountinfo: "
              + tmpfs
              + " tmpfs mounts made; "
              + readers
              + " readers x "
              + rounds
              + " reads ...");
      MountinfoBench.ParallelReaders p = parallel.parallelReaders(readers, rounds, scratch);
      out.println(
          "### "
              + readers
              + " parallel readers, each reading the whole table "
              + rounds
              + " times ("
              + p.mounts()
              + " mounts, "
              + p.bytes()
              + " bytes)");
      out.println();
      long reads = (long) readers * rounds;
      out.print(
          new MarkdownTable("source", "seconds", "reads per second")
              .rightAligned(1, 2)
              .row(
                  "/proc/PID/mountinfo",
                  format("%.3f", p.mountinfoSeconds()),
                  format("%.0f", reads / p.mountinfoSeconds()))
              .row(
                  "regular file, same bytes",
                  format("%.3f", p.fileSeconds()),
                  format("%.0f", reads / p.fileSeconds()))
              .render());
      out.printf("%nmountinfo / file: %.1fx%n%n", p.mountinfoSeconds() / p.fileSeconds());
      out.flush();
    }
  }

  /** Full reads of a growing table: mountinfo, listmount with statmount, the change stream. */
  private List<MountinfoBench.FullRead> fullReads(PrintWriter out, PrintWriter err)
      throws Exception {
    List<MountinfoBench.FullRead> rows = new ArrayList<>();
    try (MountinfoBench grow = MountinfoBench.start(3600)) {
      for (int n : sizes) {
        grow.growTo(n);
        err.println("bench mountinfo: " + grow.mounts() + " mounts; timing full reads ...");
        rows.add(grow.fullRead(runs));
      }
    }
    out.println("### Full read of the table (median of " + runs + " runs, milliseconds)");
    out.println();
    MarkdownTable full =
        new MarkdownTable(
                "mounts",
                "mountinfo bytes",
                "mountinfo ms",
                "listmount + statmount ms",
                "change stream, one change ms")
            .rightAligned(0, 1, 2, 3, 4);
    for (MountinfoBench.FullRead r : rows) {
      full.row(
          r.mounts(),
          r.bytes(),
          format("%.3g", r.mountinfoMs()),
          format("%.3g", r.listStatMs()),
          format("%.3g", r.changeStreamMs()));
    }
    out.print(full.render());
    out.flush();
    return rows;
  }

  private static String format(String pattern, double value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
