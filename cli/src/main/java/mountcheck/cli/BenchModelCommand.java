package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.Verdict;
import mountcheck.experiments.bench.ModelBenchReport;
import mountcheck.experiments.plot.LogLogPlot;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;
import mountcheck.model.workload.ScenarioShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck bench model}: how the model's time grows with the length of a scenario, for the
 * shapes of {@link ScenarioShape}.
 */
@Command(
    name = "model",
    mixinStandardHelpOptions = true,
    description = {
      "Times the model on generated scenarios of growing length, in three shapes: stacked (tmpfs"
          + " mounts stacked on one directory), wide (mounts side by side under a shared /mnt,"
          + " each propagated to a peer) and mixed (seeded random commands of every kind).",
      "Each point is what `run` does without starting the JVM: parse the text, run every"
          + " command, print the mountinfo rows; the median of --runs runs after one warm-up run."
          + " Prints a Markdown table and the time growth per doubling of the length (2.0 is"
          + " linear). A shape whose point passes --budget is not run at larger lengths."
          + " fs.mount-max is unlimited here. Progress goes to stderr."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:the table was printed", "2:bad option (nothing was run)"})
public final class BenchModelCommand implements Callable<Integer>, ResultSource {
  @Option(
      names = "--shapes",
      paramLabel = "SHAPE",
      split = ",",
      defaultValue = "stacked,wide,mixed",
      description = "scenario shapes (default: ${DEFAULT-VALUE})")
  List<String> shapes;

  @Option(
      names = "--commands",
      paramLabel = "N",
      split = ",",
      defaultValue = "1000,2000,5000,10000,20000,40000,100000",
      description = "scenario lengths in commands (default: ${DEFAULT-VALUE})")
  List<Integer> commands;

  @Option(
      names = "--runs",
      paramLabel = "K",
      defaultValue = "3",
      description = "measured runs per point (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(
      names = "--budget",
      paramLabel = "SECONDS",
      defaultValue = "30",
      description =
          "a shape whose median passes this is not run at larger lengths (default:"
              + " ${DEFAULT-VALUE})")
  double budget;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "20261130",
      description = "seed of the mixed shape (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description = "also write the points as CSV (default: none)")
  Path csv;

  @Option(
      names = "--plot",
      paramLabel = "FILE",
      description =
          "also draw a log-log plot of seconds against commands, FILE.png or FILE.svg (default:"
              + " none)")
  Path plot;

  @Option(
      names = "--write-scenarios",
      paramLabel = "DIR",
      description = "also write each generated scenario to DIR/SHAPE-N.sh (default: none)")
  Path scenarioDir;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() throws IOException {
    List<ScenarioShape> selected = checkOptions();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Integer> lengths = commands.stream().sorted().toList();
    ModelBenchReport report = new ModelBenchReport();
    for (ScenarioShape shape : selected) {
      measure(shape, lengths.get(0)); // warm-up
      for (int n : lengths) {
        String text = shape.text(n, seed);
        if (scenarioDir != null) {
          Files.createDirectories(scenarioDir);
          Files.writeString(scenarioDir.resolve(shape.label() + "-" + n + ".sh"), text);
        }
        double[] times = new double[runs];
        Measured m = null;
        for (int i = 0; i < runs; i++) {
          m = measure(shape, n);
          times[i] = m.seconds;
        }
        Arrays.sort(times);
        ModelBenchReport.Point p =
            new ModelBenchReport.Point(shape.label(), n, m.mounts, m.failures, times[runs / 2]);
        report.add(p);
        err.printf(
            Locale.ROOT,
            "bench model: %s %d commands: %.3f s (median of %d), %d mounts at the end%n",
            shape.label(),
            n,
            p.seconds(),
            runs,
            p.mountsAtEnd());
        err.flush();
        if (p.seconds() > budget) {
          err.printf(
              Locale.ROOT, "bench model: %s passed the budget: not run longer%n", shape.label());
          break;
        }
      }
    }
    if (format.text()) {
      out.print(report.markdown());
      out.println();
      report.growth().forEach(out::println);
    }
    results.clear();
    for (ModelBenchReport.Point p : report.points()) {
      results.add(
          Result.of("bench model", p.shape() + " " + p.commands(), Verdict.MEASURED)
              .withBudget(new Budget((long) runs, budget, null))
              .withCount("commands", p.commands())
              .withCount("mounts", p.mountsAtEnd())
              .withCount("failed", p.failedCommands())
              .withSeconds(p.seconds())
              .withMessage("median of the runs"));
    }
    format.emit(out, results);
    out.flush();
    if (csv != null) {
      Files.writeString(csv, report.csv(), StandardCharsets.UTF_8);
      err.println("bench model: wrote " + csv);
    }
    if (plot != null) {
      LogLogPlot.write(plot, report.plots());
      err.println("bench model: wrote " + plot);
    }
    err.flush();
    return 0;
  }

  private record Measured(double seconds, int mounts, int failures) {}

  private Measured measure(ScenarioShape shape, int n) {
    String text = shape.text(n, seed);
    long t0 = System.nanoTime();
    Scenario scenario = ScenarioParser.parse(shape.label(), text);
    ScenarioRunner.Run run =
        new ScenarioRunner(Model.linux()).run(scenario, MountTable.initial(Integer.MAX_VALUE, 1));
    String rendered = MountInfoFormat.render(StateMountInfo.rows(run.state()));
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (rendered.isEmpty()) throw new IllegalStateException(shape + ": no mounts at the end");
    return new Measured(seconds, run.state().mountCount(), run.failures().size());
  }

  private List<ScenarioShape> checkOptions() {
    List<ScenarioShape> out = new ArrayList<>();
    for (String s : shapes) {
      out.add(
          ScenarioShape.byLabel(s)
              .orElseThrow(
                  () ->
                      usage(
                          "--shapes: unknown shape '"
                              + s
                              + "'; choose from stacked, wide, mixed")));
    }
    if (out.isEmpty() || out.size() != out.stream().distinct().count()) {
      throw usage("--shapes must name each shape once");
    }
    for (int n : commands) {
      if (n < 4 || n > 10_000_000)
        throw usage("--commands: each length must be 4 to 10000000, got " + n);
    }
    if (runs < 1) throw usage("--runs must be at least 1, got " + runs);
    if (!(budget > 0)) throw usage("--budget must be positive, got " + budget);
    if (plot != null && !LogLogPlot.supports(plot)) {
      throw usage("--plot " + plot + ": the file name must end in .png or .svg");
    }
    return out;
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
