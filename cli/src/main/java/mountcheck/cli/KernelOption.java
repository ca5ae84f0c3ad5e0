package mountcheck.cli;

import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.semantics.Model;
import picocli.CommandLine.Option;

/**
 * {@code --kernel K}, the one way every command names a kernel of the registry: the model follows
 * its rules and, where the command runs a live kernel, the scenario runs on it.
 */
final class KernelOption {
  @Option(
      names = "--kernel",
      paramLabel = "K",
      converter = KernelConverter.class,
      completionCandidates = KernelConverter.Names.class,
      description =
          "the kernel: ${COMPLETION-CANDIDATES} (default: host, the machine's own kernel, whose"
              + " model follows the host series' rules; a guest kernel boots under QEMU, and its"
              + " model starts from the guest's state)")
  private Kernel kernel;

  /** The kernel named, else the host. */
  Kernel kernel() {
    return kernel != null ? kernel : Kernels.host();
  }

  /** The model of the kernel named: its propagate_umount generation and its rules. */
  Model model() {
    return Model.forKernel(kernel().profile());
  }

  /** Whether {@code --kernel} was given. */
  boolean given() {
    return kernel != null;
  }
}
