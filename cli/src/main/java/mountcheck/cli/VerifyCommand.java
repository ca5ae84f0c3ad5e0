package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.verify.StepOutcome;
import mountcheck.cli.verify.Subcommands;
import mountcheck.cli.verify.VerifyPlan;
import mountcheck.cli.verify.VerifyReport;
import mountcheck.cli.verify.VerifyStep;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.VmBackend;
import mountcheck.properties.catalogue.KnownBugProperties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck verify}: the main job. Runs every check that fits the default budget by running
 * the other subcommands in this process, prints one summary table and writes a Markdown report with
 * the full outputs, the counterexamples and plots under target/mountcheck-report/.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description =
        "Runs everything that fits the default budget: stored counterexamples, the property"
            + " catalogue, the known-bug variants (each must be caught), the model against the"
            + " recorded and the live kernel, the kernel matrix (guest kernels under QEMU), the"
            + " lifetime model, the Z3 oracle and a small umount"
            + " benchmark; prints a summary and writes target/mountcheck-report/report.md.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:everything holds",
      "1:something failed (the summary names the failing property or file)",
      "2:bad option (nothing was run)"
    })
public final class VerifyCommand implements Callable<Integer>, ResultSource {
  @Option(
      names = "--budget",
      paramLabel = "FACTOR",
      defaultValue = "1",
      description = "multiple of the CI budgets for the catalogue (default: ${DEFAULT-VALUE})")
  double budget;

  @Option(
      names = "--conform-runs",
      paramLabel = "N",
      defaultValue = "60",
      description = "generated scenarios for the live-kernel campaign (default: ${DEFAULT-VALUE})")
  int conformRuns;

  @Option(
      names = "--matrix-runs",
      paramLabel = "N",
      defaultValue = "20",
      description =
          "generated scenarios per guest kernel of the matrix (default: ${DEFAULT-VALUE})")
  int matrixRuns;

  @Mixin SeedOption seed = new SeedOption();

  @Option(
      names = "--report",
      paramLabel = "DIR",
      description = "report directory (default: target/mountcheck-report)")
  Path reportDir;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  /** Builds a fresh command line of mountcheck; set by the command tree that holds verify. */
  private Supplier<CommandLine> commands;

  /** Lets verify run the other commands, each in a fresh command line from {@code commands}. */
  void useCommands(Supplier<CommandLine> commands) {
    this.commands = commands;
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long runSeed = seed.resolve();
    results.clear();
    Path dir =
        reportDir != null
            ? reportDir
            : RepoPaths.home().resolve("target").resolve("mountcheck-report");
    Files.createDirectories(dir);
    err.println("mountcheck verify: " + SeedOption.describe(runSeed) + ", report in " + dir);
    Subcommands subcommands = new Subcommands(commands, err);
    List<StepOutcome> outcomes = new ArrayList<>();
    for (VerifyStep step : VerifyPlan.steps(settings(runSeed, dir, err))) {
      err.println("  " + step.area() + ": " + step.check() + " ...");
      err.flush();
      StepOutcome o = step.run(subcommands);
      outcomes.add(o);
      results.addAll(o.results());
      err.println(
          "    " + o.verdict().text() + (o.seconds() == null ? "" : " (" + o.seconds() + " s)"));
    }
    VerifyReport report = new VerifyReport(outcomes);
    Files.writeString(
        dir.resolve("report.md"),
        report.markdown(dir, runSeed, Instant.now(), System.getProperty("os.version")),
        StandardCharsets.UTF_8);
    PrintWriter verdict = format.text() ? out : err;
    if (format.text()) out.print(report.summary());
    verdict.println(report.verdictLine());
    verdict.println("report: " + dir.resolve("report.md"));
    format.emit(out, results);
    out.flush();
    return report.holds() ? 0 : 1;
  }

  /** What the plan needs: the options, and whether the host's kernel and QEMU can be used. */
  private VerifyPlan.Settings settings(long runSeed, Path dir, PrintWriter err) {
    KernelRunner host = new KernelRunner();
    return new VerifyPlan.Settings(
        budget,
        conformRuns,
        matrixRuns,
        runSeed,
        dir,
        RepoPaths.counterexamples().resolve("rcu"),
        host.available() ? null : host.unavailableReason(),
        qemu(err),
        spec.commandLine().getParent() != null
            && spec.commandLine().getParent().getSubcommands().containsKey("alloy"),
        KnownBugProperties.names(),
        kernel -> (o, e) -> RecordedAnswers.check(RepoPaths.home(), kernel, o, e));
  }

  /**
   * Why the guests cannot boot, or null. QEMU is installed when it is missing and this runs as root
   * on Debian.
   */
  private static String qemu(PrintWriter err) {
    String missing = VmBackend.qemuMissing();
    if (missing != null && QemuInstall.possible()) {
      err.println("  matrix: installing qemu-system-x86 (apt-get, as root) ...");
      err.flush();
      String failed = QemuInstall.run(err);
      missing = failed != null ? failed : VmBackend.qemuMissing();
    }
    if (missing != null) err.println("  matrix not run: " + missing);
    return missing;
  }
}
