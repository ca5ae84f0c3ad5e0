package mountcheck.cli;

import java.util.List;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.StartingState;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.variants.KnownBugVariants;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The options that choose the model's configuration, shared by run and diff. */
final class ModelOptions {
  @Mixin KernelOption kernel = new KernelOption();

  @Option(
      names = "--umount",
      paramLabel = "GEN",
      description =
          "propagate_umount generation: naive, 2016, 2017, 2017-naive, 2025 (Linux 6.17+),"
              + " 2025-naive, spec, or a known-bug variant name (default: the kernel's, 2025 for"
              + " the host)")
  String umount;

  @Option(
      names = "--mount-max",
      paramLabel = "N",
      defaultValue = "100000",
      description = "fs.mount-max, the per-namespace mount limit (default: ${DEFAULT-VALUE})")
  int mountMax;

  @Option(
      names = "--preexisting",
      paramLabel = "N",
      description =
          "mounts the namespace holds before the scenario (default: this host's mounts, which"
              + " unshare -Urm copies in, those at or below /mnt as locked opaque mounts; for a"
              + " guest kernel the guest's "
              + StartingState.GUEST_MOUNTS
              + ", or "
              + StartingState.NULLFS_GUEST_MOUNTS
              + " on a kernel that mounts the rootfs on nullfs)")
  Integer preexisting;

  /** The kernel named by --kernel (default: the host). */
  Kernel kernel() {
    return kernel.kernel();
  }

  /** The semantics of the kernel named by --kernel. */
  KernelProfile profile() {
    return kernel().profile();
  }

  /** The umount generation's name: --umount, else the kernel's. */
  String umountName() {
    return umount != null ? umount : profile().umountGeneration();
  }

  Model model(CommandLine cmd) {
    String name = umountName();
    UmountAlgorithm a =
        Generations.byName(name)
            .or(() -> KnownBugVariants.umountAlgorithm(name))
            .orElseThrow(
                () ->
                    new ParameterException(
                        cmd,
                        "unknown --umount '"
                            + name
                            + "'; choose one of "
                            + Generations.names()
                            + " or a variant "
                            + KnownBugVariants.umountNames()));
    return new Model(a, profile());
  }

  MountTable initial(CommandLine cmd) {
    if (mountMax < 1) throw new ParameterException(cmd, "--mount-max must be positive");
    if (preexisting != null && preexisting < 1)
      throw new ParameterException(cmd, "--preexisting must be at least 1");
    if (preexisting != null) return MountTable.initial(mountMax, preexisting, List.of());
    if (kernel().start() instanceof StartingState.GuestInit g)
      return MountTable.initial(mountMax, g.mountsBefore(), List.of());
    return MountTable.initial(
        mountMax, ScenarioInput.hostMountCount(), ScenarioInput.hostMountPointsBelowMnt());
  }
}
