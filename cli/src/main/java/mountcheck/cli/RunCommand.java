package mountcheck.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.StateMountInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck run FILE|-}: the model's answer to a scenario. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description =
        "Runs a scenario file through the model and prints the final namespace's mounts at or"
            + " below /mnt in /proc/self/mountinfo format. Each failed line goes to stderr as"
            + " FILE:LINE: COMMAND: ERRNO.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:the scenario ran (failing lines are part of its answer)",
      "2:missing file, bad option, or a line outside the scenario language (nothing was run)"
    })
public final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file, or - for stdin")
  String file;

  @Mixin ModelOptions options = new ModelOptions();

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Scenario scenario;
    try {
      scenario = ScenarioInput.load("run", file, System.in, err);
    } catch (ScenarioInput.BadInput e) {
      err.println(e.getMessage());
      return 2;
    }
    ScenarioRunner.Run run =
        new ScenarioRunner(options.model(spec.commandLine()))
            .run(scenario, options.initial(spec.commandLine()));
    out.print(MountInfoFormat.render(StateMountInfo.rows(run.state())));
    out.flush();
    String name = file.equals("-") ? "<stdin>" : file;
    for (ScenarioRunner.Failure f : run.failures()) {
      err.println(name + ":" + f.step().line() + ": " + f.step().operation().toCommand() + ": " + f.errno());
    }
    err.flush();
    return 0;
  }
}
