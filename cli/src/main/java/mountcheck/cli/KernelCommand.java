package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelTimeoutException;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.LineOutcome;
import mountcheck.kernel.RecordedCases;
import mountcheck.model.kernels.ImageSource;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck kernel FILE...}: a live kernel's answer to scenario files. */
@Command(
    name = "kernel",
    mixinStandardHelpOptions = true,
    description =
        "Runs scenario files on a live kernel, each in a throw-away 'unshare -Urm' namespace whose"
            + " root is made read-only first, and prints the final namespace's mounts at or below"
            + " /mnt (mounts that existed before the scenario left out) in /proc/self/mountinfo"
            + " format. Each failed line goes to stderr as FILE:LINE: COMMAND: ERRNO. The kernel"
            + " is the host's, or with --kernel K a Debian kernel booted under QEMU (all files in"
            + " one boot), or with --kernel-image PATH any bzImage.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:the scenarios ran (failing lines are part of their answers)",
      "2:missing file, or a line outside the scenario language (nothing was run)",
      "3:the live kernel could not answer: 'unshare -Urm' is not permitted here, QEMU or the"
          + " image is missing, or a time limit was exceeded"
    })
public final class KernelCommand implements Callable<Integer> {
  @Parameters(
      index = "0..*",
      arity = "1..*",
      paramLabel = "FILE",
      description = "scenario files (.sh)")
  List<Path> files;

  @Mixin KernelOption kernel = new KernelOption();

  @Mixin KernelOptions kernelOptions = new KernelOptions();

  @Option(
      names = "--record",
      description =
          "also write each answer: X.expected next to X.sh for the host, or"
              + " conformance/kernels/K/... for a guest kernel")
  boolean record;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // a kernel that boots only from an image records under its name; no other kernel's answers
    // are overwritten by those of an image file
    boolean builtImage = kernel.kernel().image() instanceof ImageSource.BuiltImage;
    if (record && kernelOptions.kernelImage != null && !builtImage) {
      err.println(
          "mountcheck kernel: --record with --kernel-image needs --kernel naming a kernel that"
              + " boots only from an image");
      return 2;
    }
    List<Scenario> scenarios = new ArrayList<>();
    for (Path file : files) {
      try {
        scenarios.add(ScenarioInput.load("kernel", file.toString(), System.in, err));
      } catch (ScenarioInput.BadInput e) {
        err.println(e.getMessage());
        return 2;
      }
    }
    List<KernelBackend.ScenarioRun> runs;
    KernelBackend backend;
    try {
      backend = kernelOptions.backend(kernel.kernel(), err);
      runs = backend.runAll(scenarios);
    } catch (KernelUnavailableException e) {
      err.println("mountcheck kernel: cannot use the live kernel here: " + e.getMessage());
      return 3;
    }
    int exit = 0;
    for (int i = 0; i < runs.size(); i++) {
      Path file = files.get(i);
      KernelBackend.ScenarioRun run = runs.get(i);
      if (files.size() > 1) out.println("== " + file);
      if (!run.ok()) {
        KernelException e = run.error();
        String what = e instanceof KernelTimeoutException ? "" : "the kernel runner failed: ";
        err.println("mountcheck kernel: " + file + ": " + what + e.getMessage());
        exit = 3;
        continue;
      }
      KernelResult result = run.result();
      out.print(MountInfoFormat.render(result.rows()));
      out.print(ExpectedOutcome.renderNamespaces(result.namespaces()));
      out.flush();
      for (LineOutcome o : result.failures())
        err.println(file + ":" + o.line() + ": " + o.command() + ": " + o.errno());
      if (record) {
        try {
          Path written = write(backend, file, result);
          err.println("mountcheck kernel: recorded " + written);
        } catch (IOException e) {
          err.println("mountcheck kernel: cannot write the expected file: " + e.getMessage());
          return 2;
        }
      }
    }
    err.flush();
    return exit;
  }

  private Path write(KernelBackend backend, Path file, KernelResult result) throws IOException {
    if (kernel.kernel().isHost()) return KernelRecorder.record(file, result);
    Path target = RecordedCases.expected(RepoPaths.home(), file, kernel.kernel());
    Files.createDirectories(target.getParent());
    Files.writeString(
        target, KernelRecorder.outcome(result, backend.release(), Instant.now()).render());
    return target;
  }
}
