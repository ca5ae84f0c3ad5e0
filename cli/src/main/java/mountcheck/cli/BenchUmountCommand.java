package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.Verdict;
import mountcheck.experiments.bench.OverlapWorkload;
import mountcheck.experiments.bench.PlanTimer;
import mountcheck.experiments.bench.UmountBenchReport;
import mountcheck.experiments.plot.LogLogPlot;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.UmountAlgorithm;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck bench umount}: the timing table of 296990deb389 ("Make propagate_umount less
 * slow for overlapping mount propagation trees") for every selected generation.
 */
@Command(
    name = "umount",
    mixinStandardHelpOptions = true,
    description = {
      "Times propagate_umount for umount -l /mnt/1 on the overlap family of commit 296990deb389"
          + " (tmpfs on /mnt, shared tmpfs on /mnt/1, N self-binds of /mnt/1/1, rbind /mnt/1"
          + " /mnt/2: 2^(N+1)+1 mounts), for each N and generation: the median of --runs runs after"
          + " at least --warmup warm-up runs, and the plan's work counter (lookups plus visits).",
      "Prints a Markdown table (mounts, then seconds and work per generation). A generation whose"
          + " median passes --budget is shown as >budget and not run for larger N. Progress goes"
          + " to stderr."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:the table (or the JSON Lines) was printed",
      "2:bad option (nothing was run)"
    })
public final class BenchUmountCommand implements Callable<Integer>, ResultSource {
  /** Where the timer's sink is published at the end of a run. */
  private static volatile long consumed;

  @Option(
      names = "--from",
      paramLabel = "N",
      defaultValue = "9",
      description = "smallest N, 0 to 28 (default: ${DEFAULT-VALUE})")
  @Bounds(min = 0, max = 28)
  int from;

  @Option(
      names = "--to",
      paramLabel = "N",
      defaultValue = "19",
      description = "largest N, 0 to 28 (default: ${DEFAULT-VALUE})")
  @Bounds(min = 0, max = 28)
  int to;

  @Option(
      names = "--generations",
      paramLabel = "GEN",
      split = ",",
      defaultValue = "2025,2017,2025-naive,2017-naive",
      description = "generations to time, as --umount names them (default: ${DEFAULT-VALUE})")
  List<String> generations;

  @Option(
      names = "--budget",
      paramLabel = "SECONDS",
      defaultValue = "3",
      description =
          "a generation whose median passes this is not run for larger N (default:"
              + " ${DEFAULT-VALUE})")
  double budget;

  @Option(
      names = "--runs",
      paramLabel = "K",
      defaultValue = "5",
      description = "measured runs per point (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(
      names = "--warmup",
      paramLabel = "K",
      defaultValue = "10",
      description =
          "at least this many warm-up runs per point, fewer once they have taken the budget"
              + " (default: ${DEFAULT-VALUE})")
  @Bounds(min = 0)
  int warmup;

  @Option(
      names = "--warmup-seconds",
      paramLabel = "SECONDS",
      defaultValue = "0.5",
      description =
          "fast points keep warming up until this much time has passed, so that the JIT compiles"
              + " them fully (default: ${DEFAULT-VALUE})")
  @Bounds(min = 0)
  double warmupSeconds;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description = "also write generation,n,mounts,seconds,work rows (default: none)")
  Path csv;

  @Option(
      names = "--plot",
      paramLabel = "FILE",
      description =
          "also draw a log-log plot of time and work, FILE.png or FILE.svg (default: none)")
  Path plot;

  @Option(
      names = "--graph",
      paramLabel = "direct|model",
      defaultValue = "direct",
      description =
          "direct: the family built by arithmetic (OverlapFamily); model: built by running its"
              + " commands through the model, timed on the resulting state (default:"
              + " ${DEFAULT-VALUE})")
  String graph;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    OverlapWorkload.Source source = checkOptions();
    List<UmountAlgorithm> algorithms =
        generations.stream().map(g -> Generations.byName(g).orElseThrow()).toList();

    PlanTimer timer = new PlanTimer(warmup, warmupSeconds, runs, budget);
    UmountBenchReport report = new UmountBenchReport(generations, budget);
    Set<String> dropped = new HashSet<>();
    for (int n = from; n <= to && dropped.size() < algorithms.size(); n++) {
      long t0 = System.nanoTime();
      OverlapWorkload w = OverlapWorkload.build(source, n);
      err.printf(
          Locale.ROOT,
          "bench umount: N=%d, %d mounts (%s graph built in %.1f s)%n",
          n,
          w.mounts(),
          graph,
          (System.nanoTime() - t0) / 1e9);
      err.flush();
      for (UmountAlgorithm a : algorithms)
        if (!dropped.contains(a.name()) && timeOne(timer, report, a, w, n, err))
          dropped.add(a.name());
    }
    if (format.text()) {
      out.print(report.markdown());
      out.println();
      report.doublingRatios().forEach(out::println);
    }
    results.clear();
    for (UmountBenchReport.Point p : report.points()) {
      results.add(
          Result.of("bench umount", p.generation() + " N=" + p.n(), Verdict.MEASURED)
              .withBudget(new Budget((long) runs, budget, null))
              .withCount("mounts", p.mounts())
              .withCount("work", p.timing().work())
              .withCount("runs", p.timing().runs())
              .withSeconds(p.timing().seconds())
              .withMessage(
                  report.overBudget(p)
                      ? "median over the budget: not run for larger N"
                      : "median of the runs"));
    }
    format.emit(out, results);
    out.flush();
    if (csv != null) {
      Files.writeString(csv, report.csv(), StandardCharsets.UTF_8);
      err.println("bench umount: wrote " + csv);
    }
    if (plot != null) {
      LogLogPlot.write(plot, report.plots(graph));
      err.println("bench umount: wrote " + plot);
    }
    consumed = timer.sink(); // the JIT cannot drop timed work whose result is published
    err.flush();
    return 0;
  }

  /** Times one generation at N, says so on {@code err}; whether it went over the budget. */
  private static boolean timeOne(
      PlanTimer timer,
      UmountBenchReport report,
      UmountAlgorithm a,
      OverlapWorkload w,
      int n,
      PrintWriter err) {
    PlanTimer.Timing t = timer.time(a, w);
    UmountBenchReport.Point p = new UmountBenchReport.Point(a.name(), n, w.mounts(), t);
    report.add(p);
    err.printf(
        Locale.ROOT,
        "bench umount: N=%d %s: %.6f s (median of %d), work %d%s%n",
        n,
        a.name(),
        t.seconds(),
        t.runs(),
        t.work(),
        report.overBudget(p) ? ", over the budget: not run for larger N" : "");
    if (t.victims() != OverlapWorkload.kernelVictims(n)) {
      err.printf(
          Locale.ROOT,
          "bench umount: note: %s takes %d mounts at N=%d, the kernel takes %d"
              + " (all but /mnt and /mnt/2)%n",
          a.name(),
          t.victims(),
          n,
          OverlapWorkload.kernelVictims(n));
    }
    err.flush();
    return report.overBudget(p);
  }

  private OverlapWorkload.Source checkOptions() {
    OverlapWorkload.Source source =
        switch (graph) {
          case "direct" -> OverlapWorkload.Source.DIRECT;
          case "model" -> OverlapWorkload.Source.MODEL;
          default -> throw usage("--graph must be direct or model, got '" + graph + "'");
        };
    if (from < 0 || to > 28 || from > to) {
      throw usage("need 0 <= --from <= --to <= 28, got --from " + from + " --to " + to);
    }
    if (source == OverlapWorkload.Source.MODEL && to > 22) {
      throw usage(
          "--graph model builds at most N=22 (the model keeps every mount), got --to " + to);
    }
    for (String g : generations) {
      if (Generations.byName(g).isEmpty()) {
        throw usage("unknown generation '" + g + "'; choose from " + Generations.names());
      }
    }
    if (generations.isEmpty() || generations.size() != Set.copyOf(generations).size()) {
      throw usage("--generations must name each generation once");
    }
    if (!(budget > 0) || runs < 1 || warmup < 0 || !(warmupSeconds >= 0)) {
      throw usage("need --budget > 0, --runs >= 1, --warmup >= 0 and --warmup-seconds >= 0");
    }
    if (plot != null && !LogLogPlot.supports(plot)) {
      throw usage("--plot " + plot + ": the file name must end in .png or .svg");
    }
    return source;
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
