package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.ShardRecord;
import mountcheck.cli.results.Verdict;
import mountcheck.kernel.KernelRunner;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.catalogue.KernelConformance;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.engine.RunReport;
import mountcheck.properties.engine.Seeds;
import mountcheck.properties.engine.Shard;
import mountcheck.properties.report.ReportTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mountcheck conform}: the model-versus-kernel campaign on generated scenarios. */
@Command(
    name = "conform",
    mixinStandardHelpOptions = true,
    description =
        "Runs generated scenarios through the model and on the live kernel (each in a throw-away"
            + " unshare -Urm namespace under /mnt, with a time limit) and compares failing lines and"
            + " canonical tables; a disagreement is shrunk and written as a counterexample. The"
            + " campaign stops after --runs scenarios or --time seconds, whichever comes first.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:no disagreement",
      "1:model and kernel disagree",
      "2:bad option (nothing was run)",
      "3:unshare -Urm is not permitted here"
    })
public final class ConformCommand implements Callable<Integer>, ResultSource {
  @Option(names = "--runs", paramLabel = "N", defaultValue = "100", description = "scenarios to compare (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(names = "--seed", paramLabel = "S", description = "seed (default: a fresh random seed, printed)")
  Long seed;

  @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "3600", description = "overall time limit (default: ${DEFAULT-VALUE})")
  double seconds;

  @Option(names = "--timeout", paramLabel = "S", defaultValue = "20", description = "time limit of one scenario on the kernel, as for 'kernel' and 'diff'; the model's side of the small generated scenarios is bounded by --time (default: ${DEFAULT-VALUE})")
  double timeoutSeconds;

  @Option(names = "--out", paramLabel = "DIR", description = "where a disagreement is written (default: counterexamples/)")
  Path out;

  @Option(names = "--shard", paramLabel = "I/N", converter = ShardConverter.class, description = ShardConverter.HELP)
  Shard shard = Shard.WHOLE;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    results.clear();
    KernelRunner kernel = new KernelRunner(Duration.ofMillis(Math.round(timeoutSeconds * 1000)));
    if (!kernel.available()) {
      err.println("mountcheck conform: skipped, the live kernel cannot be used here: " + kernel.unavailableReason());
      results.add(Result.of("conform", KernelConformance.NAME, Verdict.SKIPPED).withMessage("the live kernel cannot be used here: " + Main.oneLine(kernel.unavailableReason())));
      format.emit(stdout, results);
      return 3;
    }
    long runSeed = seed != null ? seed : Seeds.fresh();
    err.println("mountcheck conform: " + runs + " scenarios, " + Seeds.describe(runSeed) + " (rerun with --seed " + runSeed + "), shard " + shard);
    int[] done = {0};
    Duration limit = Duration.ofMillis(Math.round(seconds * 1000));
    RunConfig config =
        RunConfig.defaults()
            .withSeed(runSeed)
            .withTries(runs)
            .withTimeLimit(limit)
            .withLog(line -> {})
            .withShard(shard, 0)
            .withProgress((property, checked, discarded, elapsed) -> {
              if (checked % 25 == 0 && checked != done[0]) {
                done[0] = checked;
                err.println("  " + checked + " compared, " + discarded + " discarded");
                err.flush();
              }
            });
    String reproduce = "./mountcheck conform --seed " + runSeed + " --runs " + runs + " --time " + seconds + " --timeout " + timeoutSeconds + (shard.whole() ? "" : " --shard " + shard);
    CatalogueRunner.Result r =
        CatalogueRunner.run(KernelConformance.property(kernel), config, out != null ? out : RepoPaths.counterexamples(), null, err::println, reproduce);
    RunReport<?> report = r.report();
    if (format.text()) stdout.print(ReportTable.render(List.of(new ReportTable.Row(r.report(), r.counterexample()))));
    Verdict v = r.ok() ? Verdict.PASSED : report.failure() != null ? Verdict.FAILED : Verdict.GAVE_UP;
    String message = report.failure() != null ? report.failure().verdict().message() : report.gaveUpReason();
    results.add(
        Result.of("conform", report.property(), v)
            .withSeed(runSeed)
            .withBudget(Budget.of(runs, seconds))
            .withCount("scenarios", report.checked())
            .withCount("agreed", report.passed())
            .withCount("discarded", report.discarded())
            .withCounterexample(r.counterexample() == null ? null : r.counterexample().toString())
            .withSeconds(report.totalNanos() / 1e9)
            .withMessage(message == null || message.isEmpty() ? null : Main.oneLine(message))
            .withShard(ShardRecord.of(report)));
    format.emit(stdout, results);
    stdout.flush();
    return r.ok() ? 0 : 1;
  }
}
