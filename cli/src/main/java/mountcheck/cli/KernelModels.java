package mountcheck.cli;

import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** The model {@code --kernel K} picks on commands that run only the model (check, replay). */
final class KernelModels {
  private KernelModels() {}

  /** The profile named by {@code kernel}: null or host is the host's (6.18) profile. */
  static KernelProfile profile(String kernel, CommandLine cmd) {
    if (kernel == null || kernel.equals("host")) return KernelProfile.host();
    return KernelProfile.byName(kernel)
        .orElseThrow(
            () ->
                new ParameterException(
                    cmd,
                    "unknown --kernel '"
                        + kernel
                        + "'; choose one of "
                        + KernelProfile.names()
                        + " or host"));
  }

  /** Kernel {@code kernel}'s model: its propagate_umount generation and its rules. */
  static Model model(String kernel, CommandLine cmd) {
    if (kernel == null || kernel.equals("host")) return Model.linux();
    return Model.forKernel(profile(kernel, cmd));
  }
}
