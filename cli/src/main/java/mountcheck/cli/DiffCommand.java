package mountcheck.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck diff FILE}: the model's and the live kernel's answers, compared. */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description =
        "Runs a scenario through the model and on the live kernel (in a throw-away unshare -Urm"
            + " namespace), prints both answers, then the differences of their failing lines and"
            + " of their canonical (id-free) tables.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:model and kernel agree",
      "1:they differ",
      "2:missing file, bad option, or a line outside the scenario language",
      "3:the live kernel could not answer (unshare -Urm not permitted, or time limit)"
    })
public final class DiffCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file, or - for stdin")
  String file;

  @Mixin ModelOptions options = new ModelOptions();

  @Option(names = "--timeout", paramLabel = "S", defaultValue = "20", description = "kernel time limit in seconds (default: ${DEFAULT-VALUE})")
  double timeoutSeconds;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Scenario scenario;
    try {
      scenario = ScenarioInput.load("diff", file, System.in, err);
    } catch (ScenarioInput.BadInput e) {
      err.println(e.getMessage());
      return 2;
    }
    KernelResult kernel;
    try {
      kernel = new KernelRunner(Duration.ofMillis(Math.round(timeoutSeconds * 1000))).run(scenario);
    } catch (KernelUnavailableException e) {
      err.println("mountcheck diff: cannot use the live kernel here: " + e.getMessage());
      return 3;
    } catch (KernelException e) {
      err.println("mountcheck diff: " + e.getMessage());
      return 3;
    }
    // the model starts with as many mounts as the kernel's namespace had, so limits agree
    MountTable initial =
        options.preexisting != null
            ? options.initial(spec.commandLine())
            : MountTable.initial(options.mountMax, Math.max(1, kernel.mountsBefore()), kernel.mountPointsBefore());
    ScenarioRunner.Run run = new ScenarioRunner(options.model(spec.commandLine())).run(scenario, initial);
    ExpectedOutcome model = ModelAnswer.of(run);
    ExpectedOutcome live = KernelRecorder.outcome(kernel, KernelRecorder.kernelRelease(), Instant.now());
    out.println("== model (--umount " + options.umount + ")");
    print(out, model);
    out.println("== kernel " + KernelRecorder.kernelRelease());
    print(out, live);
    List<String> diff = OutcomeDiff.of("model", model, "kernel", live);
    out.println("== difference (canonical form: ids, group ids and devices ignored)");
    if (diff.isEmpty()) out.println("none: model and kernel agree");
    else diff.forEach(out::println);
    out.flush();
    return diff.isEmpty() ? 0 : 1;
  }

  private static void print(PrintWriter out, ExpectedOutcome answer) {
    for (ExpectedOutcome.Failure f : answer.failures()) out.println("fail " + f.line() + " " + f.errno());
    out.print(MountInfoFormat.render(answer.rows()));
  }
}
