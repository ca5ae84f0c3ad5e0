package mountcheck.experiments.seeds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import mountcheck.kernel.GuestImage;
import mountcheck.kernel.GuestSession;
import mountcheck.kernel.KernelImages;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.text.HeaderFormat;
import mountcheck.process.ProcessRun;

/**
 * Runs {@code seed-bench.sh} on one kernel: on the host inside a fresh {@code unshare -Urm} (the
 * script makes / read-only and works below /mnt; nothing writes /proc/sys), or in a guest booted
 * under QEMU with two virtual CPUs (one CPU would let synchronize_rcu() return at once on a kernel
 * without preemption, hiding the grace periods seed 002 is about) and 1 GiB of memory.
 */
public final class SeedBench {
  /** Virtual CPUs of the guest. */
  public static final int GUEST_CPUS = 2;

  /** Guest memory in MiB unless the caller asks for more (seed 000 at N >= 16 needs more). */
  public static final int GUEST_MEMORY_MB = 1024;

  /** The extra binary the script needs besides the guest's bash, util-linux and cat. */
  static final List<String> EXTRA_BINARIES = List.of("perl");

  static final String GUEST_INIT =
      """
      #!/bin/bash
      export PATH=/bin LC_ALL=C SHELL=/bin/bash
      mount -t proc proc /proc
      mount -t devtmpfs dev /dev
      mount -t sysfs sys /sys
      mount -t tmpfs top /mnt
      echo "@@bench ready"
      /bin/bash --norc --noprofile /bench/run.sh
      echo "@@bench exit $?"
      echo o > /proc/sysrq-trigger
      """;

  /**
   * One kernel's run.
   *
   * @param bootSeconds seconds to the guest's first line (NaN on the host)
   * @param runSeconds seconds of the experiments
   * @param failure null, or why the run stopped early (the measurements then hold what was done)
   */
  public record Run(
      KernelMeasurements measurements,
      double bootSeconds,
      double runSeconds,
      String failure,
      List<String> lines) {
    static final String KERNEL = "kernel";
    static final String BOOT_SECONDS = "boot-seconds";
    static final String RUN_SECONDS = "run-seconds";
    static final String FAILURE = "failure";

    public Run {
      lines = List.copyOf(lines);
    }

    /**
     * The run as text: a {@link HeaderFormat} header (kernel, boot and run seconds, failure), then
     * the script's {@code @@bench} lines; {@link #read} reads it back.
     */
    public String text() {
      Map<String, String> header = new LinkedHashMap<>();
      header.put(KERNEL, measurements.kernel());
      header.put(BOOT_SECONDS, String.valueOf(bootSeconds));
      header.put(RUN_SECONDS, String.valueOf(runSeconds));
      header.put(FAILURE, failure == null ? "" : failure.replace('\n', ' '));
      StringBuilder b = new StringBuilder(HeaderFormat.render(header));
      for (String l : lines) if (l.contains(SeedBenchOutput.PREFIX)) b.append(l).append('\n');
      return b.toString();
    }

    /** A run written by {@link #text}. */
    public static Run read(String kernel, String text) {
      List<String> lines = text.lines().toList();
      Map<String, String> header = HeaderFormat.parse(HeaderFormat.leadingComments(text));
      double boot = seconds(header.get(BOOT_SECONDS));
      double run = seconds(header.get(RUN_SECONDS));
      String failure = header.getOrDefault(FAILURE, "");
      return new Run(
          SeedBenchOutput.parse(kernel, lines),
          boot,
          run,
          failure.isEmpty() ? null : failure,
          lines);
    }

    private static double seconds(String value) {
      return value == null ? Double.NaN : Double.parseDouble(value);
    }
  }

  private SeedBench() {}

  /** The plan on the host, within {@code limit}. */
  public static Run host(SeedBenchPlan plan, Duration limit, Consumer<String> progress)
      throws KernelUnavailableException {
    Path script;
    try {
      script = Files.createTempFile("mountcheck-seed-bench-", ".sh");
      Files.writeString(script, plan.script(true), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot write the script: " + e.getMessage());
    }
    long start = System.nanoTime();
    try {
      long seconds = Math.max(1, limit.toSeconds());
      ProcessRun.Execution run =
          ProcessRun.execute(
              List.of(
                  "timeout",
                  "-s",
                  "KILL",
                  Long.toString(seconds + 5),
                  "unshare",
                  "-Urm",
                  "/bin/bash",
                  "--norc",
                  "--noprofile",
                  script.toString()),
              "",
              limit);
      double elapsed = (System.nanoTime() - start) / 1e9;
      List<String> lines = run.stdout().lines().toList();
      KernelMeasurements m = SeedBenchOutput.parse(Kernels.HOST.name(), lines);
      String failure =
          run.timedOut()
              ? "the run passed its limit of " + seconds + " s"
              : run.exitStatus() != 0
                  ? "the script exited with status "
                      + run.exitStatus()
                      + ": "
                      + run.stderr().strip()
                  : null;
      progress.accept(String.format("%s: %.1f s", Kernels.HOST.name(), elapsed));
      return new Run(m, Double.NaN, elapsed, failure, lines);
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot run the script: " + e.getMessage());
    } finally {
      try {
        Files.deleteIfExists(script);
      } catch (IOException ignored) {
        // a temporary file
      }
    }
  }

  /** The plan in one boot of {@code image}. */
  public static Run guest(
      KernelImages.Image image,
      SeedBenchPlan plan,
      GuestSession.Limits limits,
      Consumer<String> progress)
      throws KernelUnavailableException {
    return guest(image, plan, GUEST_MEMORY_MB, "", limits, progress);
  }

  /**
   * The plan in one boot of {@code image} with {@code memoryMb} of memory and more kernel
   * parameters ({@code extraAppend}).
   */
  public static Run guest(
      KernelImages.Image image,
      SeedBenchPlan plan,
      int memoryMb,
      String extraAppend,
      GuestSession.Limits limits,
      Consumer<String> progress)
      throws KernelUnavailableException {
    byte[] initrd;
    try {
      initrd =
          GuestImage.initrdWith(
              EXTRA_BINARIES, Map.of("bench/init", GUEST_INIT, "bench/run.sh", plan.script(false)));
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot build the guest's initramfs: " + e.getMessage());
    }
    long start = System.nanoTime();
    GuestSession.Boot boot =
        GuestSession.run(
            image,
            initrd,
            "/bench/init",
            GUEST_CPUS,
            memoryMb,
            SeedBenchOutput.PREFIX + "ready",
            extraAppend,
            limits,
            line -> {
              if (line.startsWith(SeedBenchOutput.PREFIX + "seed-done")
                  || line.startsWith(SeedBenchOutput.PREFIX + "kernel"))
                progress.accept(
                    String.format(
                        "%s: %s (%.0f s)",
                        image.name(),
                        line.substring(SeedBenchOutput.PREFIX.length()),
                        (System.nanoTime() - start) / 1e9));
            });
    if (Double.isNaN(boot.bootSeconds()))
      throw new KernelUnavailableException(
          "kernel "
              + image.name()
              + ": "
              + boot.failure()
              + "; last console lines:\n"
              + boot.tail());
    KernelMeasurements m = SeedBenchOutput.parse(image.name(), boot.lines());
    return new Run(m, boot.bootSeconds(), boot.runSeconds(), boot.failure(), boot.lines());
  }
}
