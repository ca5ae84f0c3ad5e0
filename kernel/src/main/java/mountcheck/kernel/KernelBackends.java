package mountcheck.kernel;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import mountcheck.model.kernels.ImageSource;
import mountcheck.model.kernels.Kernel;

/**
 * The one factory of live kernels: the backend that answers scenarios for a kernel of the registry,
 * or for a bzImage given by path. Every command and test that needs a live kernel asks it.
 */
public final class KernelBackends {
  private KernelBackends() {}

  /**
   * A backend for {@code kernel}: the host's kernel in {@code unshare -Urm}, or its image under
   * QEMU (from the cache, else fetched once from the machine's Debian archive, saying so on {@code
   * progress}); with {@code imageFile}, that bzImage instead, whatever the kernel.
   *
   * @param home the project's directory ({@code scripts/debian-fetch})
   * @param timeLimit the time limit of one scenario
   * @throws KernelUnavailableException when QEMU or the image is missing
   */
  public static KernelBackend open(
      Kernel kernel,
      Optional<Path> imageFile,
      Duration timeLimit,
      Path home,
      Consumer<String> progress)
      throws KernelUnavailableException {
    try {
      if (imageFile.isPresent())
        return guest(KernelImages.file(imageFile.get()), timeLimit, progress);
      if (kernel.image() instanceof ImageSource.HostKernel) return new KernelRunner(timeLimit);
      if (kernel.image() instanceof ImageSource.BuiltImage)
        throw new KernelUnavailableException(
            "kernel " + kernel.name() + " boots only from an image: give --kernel-image PATH");
      if (KernelImages.cached(kernel.name()).isEmpty())
        progress.accept(
            "downloading kernel "
                + kernel.name()
                + " (once; cached under "
                + KernelImages.cache()
                + ")");
      return guest(KernelImages.named(kernel, home), timeLimit, progress);
    } catch (IOException e) {
      throw new KernelUnavailableException(e.getMessage());
    }
  }

  private static KernelBackend guest(
      KernelImages.Image image, Duration timeLimit, Consumer<String> progress)
      throws KernelUnavailableException {
    String missing = VmBackend.qemuMissing();
    if (missing != null) throw new KernelUnavailableException(missing);
    return new VmBackend(image, timeLimit, progress);
  }
}
