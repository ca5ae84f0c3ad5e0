package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.live.LiveEventRunner;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.catalogue.LiveEventConformance;
import mountcheck.properties.engine.LabelShare;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.report.ReportTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mountcheck observe}: the live change-stream campaign on generated scenarios. */
@Command(
    name = "observe",
    mixinStandardHelpOptions = true,
    description =
        "Runs generated scenarios line by line on the live kernel (a throw-away unshare -Urm"
            + " namespace, watched with fanotify mount-namespace marks, listmount, statmount and"
            + " poll on mountinfo) and in the model, and compares each line's mount events and"
            + " poll wake-ups; checks that a watcher of the live change stream matches listmount"
            + " after every line and every namespace teardown. Needs Linux 6.15+ and root. A"
            + " disagreement is shrunk and written as a counterexample.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:no disagreement",
      "1:model and kernel disagree",
      "2:bad option",
      "3:the live observers cannot run here"
    })
public final class ObserveCommand implements Callable<Integer> {
  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "100",
      description = "scenarios to compare (default: ${DEFAULT-VALUE})")
  int runs;

  @Mixin SeedOption seed = new SeedOption();

  @Option(
      names = "--time",
      paramLabel = "SECONDS",
      defaultValue = "3600",
      description = "overall time limit (default: ${DEFAULT-VALUE})")
  long seconds;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where a disagreement is written (default: counterexamples/)")
  Path out;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String reason = new KernelRunner().unavailableReason();
    if (reason == null) reason = LiveEventRunner.unavailableReason();
    if (reason != null) {
      err.println("mountcheck observe: skipped, the live observers cannot run here: " + reason);
      return 3;
    }
    long runSeed = seed.resolve();
    err.println(
        "mountcheck observe: "
            + runs
            + " scenarios, seed "
            + runSeed
            + " (rerun with --seed "
            + runSeed
            + ")");
    int[] done = {0};
    RunConfig config =
        RunConfig.defaults()
            .withSeed(runSeed)
            .withTries(runs)
            .withTimeLimit(Duration.ofSeconds(seconds))
            .withProgress(
                (property, checked, discarded, elapsed) -> {
                  if (checked % 25 == 0 && checked != done[0]) {
                    done[0] = checked;
                    err.println("  " + checked + " compared, " + discarded + " discarded");
                    err.flush();
                  }
                });
    LiveEventRunner live = new LiveEventRunner(Duration.ofSeconds(30));
    CatalogueRunner.Result r =
        CatalogueRunner.run(
            LiveEventConformance.property(live),
            config,
            out != null ? out : RepoPaths.counterexamples(),
            null,
            err::println);
    stdout.print(ReportTable.render(List.of(new ReportTable.Row(r.report(), r.counterexample()))));
    stdout.flush();
    // every label with its count (the table shows the most frequent few)
    StringBuilder labels = new StringBuilder("  labels:");
    for (LabelShare l : r.report().labels())
      labels.append(' ').append(l.label()).append('=').append(l.count());
    err.println(labels);
    err.flush();
    return r.ok() ? 0 : 1;
  }
}
