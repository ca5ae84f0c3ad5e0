package mountcheck.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.text.EventLines;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.MountInfoFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
      "2:missing file, bad option, or a line outside the scenario language (nothing was run)",
      "3:the model did not finish within --timeout"
    })
public final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file, or - for stdin")
  String file;

  @Mixin ModelOptions options = new ModelOptions();

  @Option(
      names = "--timeout",
      paramLabel = "S",
      defaultValue = "20",
      description =
          "time limit of the model in seconds, as the kernel side has; a progress line goes to"
              + " stderr every 5 s of a long run (default: ${DEFAULT-VALUE})")
  double timeoutSeconds;

  @Option(
      names = "--events",
      description =
          "instead of the final table, print the mount events each command causes, as a"
              + " fanotify mount-namespace mark reports them: a line LINE: COMMAND, then one line"
              + " per event (attach|detach|move nsN #ID PATH SOURCE:ROOT [from PATH]), then"
              + " 'event nsN=V' for each namespace whose change counter (ns->event) moved; after"
              + " the last command the same for each shell exit at the scenario's end, innermost"
              + " first, under 'end: exit of the shell in nsN'")
  boolean events;

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
    String name = file.equals("-") ? "<stdin>" : file;
    List<ScenarioRunner.Failure> failures;
    if (events) {
      Model model = options.model(spec.commandLine());
      ScenarioRunner.ObservedRun observed =
          new ScenarioRunner(model).observe(scenario, options.initial(spec.commandLine()));
      for (String line : EventLines.render(observed, model.exitsAtEnd(observed.state())))
        out.println(line);
      failures = observed.failures();
    } else {
      ScenarioRunner.Run run;
      try {
        run =
            ModelRun.run(
                options.model(spec.commandLine()),
                scenario,
                options.initial(spec.commandLine()),
                Duration.ofMillis(Math.round(timeoutSeconds * 1000)),
                ModelRun.PROGRESS_EVERY,
                "mountcheck run: " + name,
                err);
      } catch (ModelRun.TimeLimitExceeded e) {
        err.println(e.getMessage());
        return 3;
      }
      ExpectedOutcome answer = ModelAnswer.of(run, options.profile());
      out.print(MountInfoFormat.render(answer.rows()));
      out.print(ExpectedOutcome.renderNamespaces(answer.namespaces()));
      failures = run.failures();
    }
    out.flush();
    for (ScenarioRunner.Failure f : failures) {
      err.println(
          name
              + ":"
              + f.step().line()
              + ": "
              + f.step().operation().toCommand()
              + ": "
              + f.errno());
    }
    err.flush();
    return 0;
  }
}
