package mountcheck.cli;

import java.util.List;
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
      names = "--umount",
      paramLabel = "GEN",
      defaultValue = Generations.DEFAULT,
      description =
          "propagate_umount generation: naive, 2016, 2017, 2017-naive, 2025 (Linux 6.17+,"
              + " default), 2025-naive, spec, or a known-bug variant name")
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
              + " unshare -Urm copies in, those at or below /mnt as locked opaque mounts)")
  Integer preexisting;

  Model model(CommandLine cmd) {
    UmountAlgorithm a =
        Generations.byName(umount)
            .or(() -> KnownBugVariants.umountAlgorithm(umount))
            .orElseThrow(
                () ->
                    new ParameterException(
                        cmd,
                        "unknown --umount '"
                            + umount
                            + "'; choose one of "
                            + Generations.names()
                            + " or a variant "
                            + KnownBugVariants.umountNames()));
    return new Model(a);
  }

  MountTable initial(CommandLine cmd) {
    int before = preexisting != null ? preexisting : ScenarioInput.hostMountCount();
    if (before < 1) throw new ParameterException(cmd, "--preexisting must be at least 1");
    if (mountMax < 1) throw new ParameterException(cmd, "--mount-max must be positive");
    return MountTable.initial(
        mountMax,
        before,
        preexisting != null ? List.of() : ScenarioInput.hostMountPointsBelowMnt());
  }
}
