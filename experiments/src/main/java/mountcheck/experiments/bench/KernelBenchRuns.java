package mountcheck.experiments.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import mountcheck.experiments.seeds.SeedBench;
import mountcheck.experiments.seeds.SeedBenchPlan;
import mountcheck.kernel.GuestSession;
import mountcheck.kernel.KernelImages;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.model.kernels.Kernel;

/**
 * Where {@code bench kernels} gets one kernel's measurements: its run on the host (a fresh {@code
 * unshare -Urm}) or in one QEMU boot of a guest kernel, or, with a replay directory, the raw lines
 * a run wrote there ({@code DIR/KERNEL.txt}). A kernel that cannot be used gives an entry without
 * measurements, its failure saying why.
 *
 * @param replay null to run the experiments, or the directory of the raw lines to read back
 * @param raw null, or the directory where each run's raw lines are written
 * @param guest how each guest is booted
 * @param home the repository (the guest kernels' images are found from it)
 * @param say progress, one line at a time
 */
public record KernelBenchRuns(Path replay, Path raw, Guest guest, Path home, Consumer<String> say) {

  /**
   * How a guest is booted and how long it may take.
   *
   * @param memoryMb memory of the guest in MiB
   * @param append kernel parameters
   * @param bootLimit seconds the guest may take to boot
   * @param kernelLimit seconds the kernel's experiments may take
   */
  public record Guest(int memoryMb, String append, int bootLimit, int kernelLimit) {}

  /** Kernel {@code kernel}'s entry for the plan: measured, replayed, or unusable. */
  public KernelBenchReport.Entry measure(Kernel kernel, SeedBenchPlan plan) {
    String name = kernel.name();
    try {
      SeedBench.Run run =
          replay != null
              ? SeedBench.Run.read(
                  name, Files.readString(replay.resolve(name + ".txt"), StandardCharsets.UTF_8))
              : kernel.isHost() ? host(plan) : guest(kernel, plan);
      if (raw != null) {
        Files.createDirectories(raw);
        Files.writeString(raw.resolve(name + ".txt"), run.text(), StandardCharsets.UTF_8);
      }
      return new KernelBenchReport.Entry(
          name, run.measurements(), plan, run.bootSeconds(), run.runSeconds(), run.failure());
    } catch (KernelUnavailableException | IOException e) {
      String why = e.getMessage().lines().findFirst().orElse("");
      say.accept(name + ": cannot be used: " + why);
      return new KernelBenchReport.Entry(name, null, plan, Double.NaN, Double.NaN, why);
    }
  }

  private SeedBench.Run host(SeedBenchPlan plan) throws KernelUnavailableException {
    String reason = new KernelRunner().unavailableReason();
    if (reason != null) throw new KernelUnavailableException(reason);
    return SeedBench.host(plan, Duration.ofSeconds(guest.kernelLimit()), say);
  }

  private SeedBench.Run guest(Kernel kernel, SeedBenchPlan plan)
      throws KernelUnavailableException, IOException {
    return SeedBench.guest(
        KernelImages.named(kernel, home),
        plan,
        guest.memoryMb(),
        guest.append(),
        new GuestSession.Limits(
            Duration.ofSeconds(guest.bootLimit()),
            Duration.ofSeconds(Math.min(guest.kernelLimit(), 600)),
            Duration.ofSeconds(guest.bootLimit() + guest.kernelLimit())),
        say);
  }
}
