package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelTimeoutException;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.LineOutcome;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.MountInfoFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck kernel FILE}: the live kernel's answer to a scenario file. */
@Command(
    name = "kernel",
    mixinStandardHelpOptions = true,
    description =
        "Runs a scenario file on the live kernel, in a throw-away 'unshare -Urm' namespace whose"
            + " root is made read-only first, and prints the final namespace's mounts at or below"
            + " /mnt (mounts that existed before the scenario left out) in /proc/self/mountinfo"
            + " format. Each failed line goes to stderr as FILE:LINE: COMMAND: ERRNO.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:the scenario ran (failing lines are part of its answer)",
      "2:missing file, or a line outside the scenario language (nothing was run)",
      "3:the live kernel could not answer: 'unshare -Urm' is not permitted here,"
          + " or the time limit was exceeded"
    })
public final class KernelCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file (.sh)")
  Path file;

  @Option(
      names = "--timeout",
      paramLabel = "S",
      defaultValue = "20",
      description =
          "time limit in seconds; the whole process tree is killed after it (default:"
              + " ${DEFAULT-VALUE})")
  double timeoutSeconds;

  @Option(
      names = "--record",
      description = "also write the answer to X.expected next to the file X.sh")
  boolean record;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Scenario scenario;
    try {
      scenario = ScenarioInput.load("kernel", file.toString(), System.in, err);
    } catch (ScenarioInput.BadInput e) {
      err.println(e.getMessage());
      return 2;
    }
    KernelRunner runner = new KernelRunner(Duration.ofMillis(Math.round(timeoutSeconds * 1000)));
    KernelResult result;
    try {
      result = runner.run(scenario);
    } catch (KernelUnavailableException e) {
      err.println("mountcheck kernel: cannot use the live kernel here: " + e.getMessage());
      return 3;
    } catch (KernelTimeoutException e) {
      err.println("mountcheck kernel: " + e.getMessage());
      return 3;
    } catch (KernelException e) {
      err.println("mountcheck kernel: the kernel runner failed: " + e.getMessage());
      return 3;
    }
    out.print(MountInfoFormat.render(result.rows()));
    out.flush();
    for (LineOutcome o : result.failures())
      err.println(file + ":" + o.line() + ": " + o.command() + ": " + o.errno());
    if (record) {
      try {
        Path written = KernelRecorder.record(file, result);
        err.println("mountcheck kernel: recorded " + written);
      } catch (IOException e) {
        err.println("mountcheck kernel: cannot write the expected file: " + e.getMessage());
        return 2;
      }
    }
    err.flush();
    return 0;
  }
}
