package mountcheck.cli;

import java.util.List;
import mountcheck.kernel.GuestImage;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.variants.KnownBugVariants;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The options that choose the model's configuration, shared by run and diff. */
final class ModelOptions {
  @Option(
      names = "--kernel",
      paramLabel = "K",
      description =
          "the kernel whose semantics the model follows: 5.10, 6.1, 6.12, 6.18, 7.2 or host"
              + " (default: host, the 6.18 rules); a guest kernel also gives the guest's starting"
              + " state (nothing at or below /mnt)")
  String kernel;

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
              + GuestImage.MOUNTS_BEFORE
              + ")")
  Integer preexisting;

  /** The kernel profile named by --kernel (host: the default profile). */
  KernelProfile profile(CommandLine cmd) {
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

  /** Whether --kernel names a kernel that runs in a guest rather than the host's. */
  boolean guest(CommandLine cmd) {
    return kernel != null && !kernel.equals("host") && !profile(cmd).name().equals(hostSeries());
  }

  /** The host's series (6.18 here): its profile starts from the host's state, not a guest's. */
  static String hostSeries() {
    return KernelProfile.DEFAULT;
  }

  /** The umount generation's name: --umount, else the kernel's. */
  String umountName(CommandLine cmd) {
    return umount != null ? umount : profile(cmd).umountGeneration();
  }

  Model model(CommandLine cmd) {
    String name = umountName(cmd);
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
    return new Model(a, profile(cmd));
  }

  MountTable initial(CommandLine cmd) {
    if (mountMax < 1) throw new ParameterException(cmd, "--mount-max must be positive");
    if (preexisting != null && preexisting < 1)
      throw new ParameterException(cmd, "--preexisting must be at least 1");
    if (preexisting != null) return MountTable.initial(mountMax, preexisting, List.of());
    if (guest(cmd)) return MountTable.initial(mountMax, GuestImage.MOUNTS_BEFORE, List.of());
    return MountTable.initial(
        mountMax, ScenarioInput.hostMountCount(), ScenarioInput.hostMountPointsBelowMnt());
  }
}
