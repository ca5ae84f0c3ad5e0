package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelBackends;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.model.kernels.Kernel;
import picocli.CommandLine.Option;

/** The options of a live kernel run: an image file instead of the named kernel, the time limit. */
final class KernelOptions {
  @Option(
      names = "--kernel-image",
      paramLabel = "PATH",
      description =
          "boot this bzImage under QEMU instead (a kernel you built; the model follows --kernel,"
              + " default host)")
  Path kernelImage;

  @Option(
      names = "--timeout",
      paramLabel = "S",
      defaultValue = "20",
      description =
          "time limit per scenario in seconds; the whole process tree (or the guest) is killed"
              + " after it (default: ${DEFAULT-VALUE})")
  double timeoutSeconds;

  Duration timeLimit() {
    return Duration.ofMillis(Math.round(timeoutSeconds * 1000));
  }

  /** The backend for {@code kernel}, or for the --kernel-image file (KernelBackends). */
  KernelBackend backend(Kernel kernel, PrintWriter progress) throws KernelUnavailableException {
    if (!(timeoutSeconds > 0))
      throw new IllegalArgumentException("--timeout must be a positive number of seconds");
    return KernelBackends.open(
        kernel,
        Optional.ofNullable(kernelImage),
        timeLimit(),
        RepoPaths.home(),
        line -> say(progress, line));
  }

  private static void say(PrintWriter progress, String line) {
    progress.println("mountcheck: " + line);
    progress.flush();
  }
}
