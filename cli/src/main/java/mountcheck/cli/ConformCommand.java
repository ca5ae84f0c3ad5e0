package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.kernel.KernelRunner;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.catalogue.KernelConformance;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.report.ReportTable;
import picocli.CommandLine.Command;
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
            + " canonical tables; a disagreement is shrunk and written as a counterexample.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:no disagreement", "1:model and kernel disagree", "3:unshare -Urm is not permitted here"})
public final class ConformCommand implements Callable<Integer> {
  @Option(names = "--runs", paramLabel = "N", defaultValue = "100", description = "scenarios to compare (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(names = "--seed", paramLabel = "S", description = "seed (default: random, printed)")
  Long seed;

  @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "3600", description = "overall time limit (default: ${DEFAULT-VALUE})")
  long seconds;

  @Option(names = "--out", paramLabel = "DIR", description = "where a disagreement is written (default: counterexamples/)")
  Path out;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    KernelRunner kernel = new KernelRunner();
    if (!kernel.available()) {
      err.println("mountcheck conform: skipped, the live kernel cannot be used here: " + kernel.unavailableReason());
      return 3;
    }
    long runSeed = seed != null ? seed : System.nanoTime();
    err.println("mountcheck conform: " + runs + " scenarios, seed " + runSeed + " (rerun with --seed " + runSeed + ")");
    int[] done = {0};
    RunConfig config =
        RunConfig.defaults()
            .withSeed(runSeed)
            .withTries(runs)
            .withTimeLimit(Duration.ofSeconds(seconds))
            .withProgress((property, checked, discarded, elapsed) -> {
              if (checked % 25 == 0 && checked != done[0]) {
                done[0] = checked;
                err.println("  " + checked + " compared, " + discarded + " discarded");
                err.flush();
              }
            });
    CatalogueRunner.Result r =
        CatalogueRunner.run(KernelConformance.property(kernel), config, out != null ? out : RepoPaths.counterexamples(), null, err::println);
    stdout.print(ReportTable.render(List.of(new ReportTable.Row(r.report(), r.counterexample()))));
    stdout.flush();
    return r.ok() ? 0 : 1;
  }
}
