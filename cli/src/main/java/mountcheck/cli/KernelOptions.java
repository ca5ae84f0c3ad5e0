package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelImages;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.VmBackend;
import picocli.CommandLine.Option;

/** The options that choose the live kernel: the host's, a named guest kernel, or an image file. */
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

  /**
   * The backend for {@code kernel} (null or host: the host's kernel; 6.18 is the host's series; a
   * guest kernel name: its cached or downloaded image under QEMU), or the image file.
   */
  KernelBackend backend(String kernel, PrintWriter progress) throws KernelUnavailableException {
    if (!(timeoutSeconds > 0))
      throw new IllegalArgumentException("--timeout must be a positive number of seconds");
    try {
      if (kernelImage != null)
        return new VmBackend(
            KernelImages.file(kernelImage), timeLimit(), line -> say(progress, line));
      if (kernel == null || kernel.equals("host") || kernel.equals(ModelOptions.hostSeries()))
        return new KernelRunner(timeLimit());
      if (KernelImages.series(kernel).isEmpty())
        throw new KernelUnavailableException(
            "no guest image for kernel '" + kernel + "'; guest kernels: " + KernelImages.names());
      String missing = VmBackend.qemuMissing();
      if (missing != null) throw new KernelUnavailableException(missing);
      if (KernelImages.cached(kernel).isEmpty())
        say(
            progress,
            "downloading kernel " + kernel + " (once; cached under " + KernelImages.cache() + ")");
      return new VmBackend(
          KernelImages.named(kernel, RepoPaths.home()), timeLimit(), line -> say(progress, line));
    } catch (IOException e) {
      throw new KernelUnavailableException(e.getMessage());
    }
  }

  private static void say(PrintWriter progress, String line) {
    progress.println("mountcheck: " + line);
    progress.flush();
  }
}
