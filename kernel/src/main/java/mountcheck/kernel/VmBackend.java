package mountcheck.kernel;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import mountcheck.model.ops.Scenario;

/**
 * Runs scenarios on a kernel image booted under QEMU (TCG by default: KVM guests were seen to hang
 * on the project's machines; {@code -Dmountcheck.vm.accel=kvm} overrides it). One boot runs a whole
 * batch: the initramfs ({@link GuestImage}) holds the scenarios, {@code /init} runs each in its own
 * fresh {@code unshare -Urm} and prints its transcript between delimiters on the serial console,
 * then powers off. The transcripts are read with the host's {@link Transcript} parser.
 *
 * <p>Time limits: the guest kills a scenario after the per-scenario limit ({@code timeout -s
 * KILL}); the host kills the whole QEMU process when the kernel does not reach {@code /init} within
 * the boot limit, or when a scenario's end does not show within its limit plus a margin. A killed
 * guest is reported on the scenario it was running, and the rest of the batch runs in a new boot. A
 * progress line per boot names the kernel, the scenarios done of the total, and the elapsed time. A
 * boot that does not reach {@code /init} in time is tried once more before the kernel is reported
 * unusable. Each boot is a {@link QemuGuest} (QEMU's command line, its console and its stop).
 */
public final class VmBackend implements KernelBackend {
  public static final Duration DEFAULT_BOOT_LIMIT = Duration.ofSeconds(240);

  /** Most scenarios per boot (the console transcript of a boot stays a few megabytes). */
  public static final int MAX_BATCH = 250;

  private static final Duration MARGIN = Duration.ofSeconds(30);

  private final KernelImages.Image image;
  private final Duration perScenario;
  private final Duration bootLimit;
  private final Integer mountMax;
  private final Consumer<String> progress;
  private final Executor executor;
  private String release;
  private double lastBootSeconds = Double.NaN;
  private double lastRunSeconds = Double.NaN;
  private int lastRunCount;

  public VmBackend(KernelImages.Image image, Duration perScenario, Consumer<String> progress) {
    this(image, perScenario, DEFAULT_BOOT_LIMIT, null, progress);
  }

  /**
   * @param mountMax the guest's {@code fs.mount-max} (set with sysctl inside the guest), or null
   *     for the kernel's default
   */
  public VmBackend(
      KernelImages.Image image,
      Duration perScenario,
      Duration bootLimit,
      Integer mountMax,
      Consumer<String> progress) {
    this(image, perScenario, bootLimit, mountMax, progress, Executor.configured());
  }

  private VmBackend(
      KernelImages.Image image,
      Duration perScenario,
      Duration bootLimit,
      Integer mountMax,
      Consumer<String> progress,
      Executor executor) {
    this.image = image;
    this.perScenario = perScenario;
    this.bootLimit = bootLimit;
    this.mountMax = mountMax;
    this.progress = progress;
    this.executor = executor;
  }

  /** The same kernel with the guest's fs.mount-max set to {@code limit}. */
  public VmBackend withMountMax(int limit) {
    return new VmBackend(image, perScenario, bootLimit, limit, progress, executor);
  }

  /** The same kernel with its scenario lines run by {@code executor}. */
  public VmBackend withExecutor(Executor executor) {
    return new VmBackend(image, perScenario, bootLimit, mountMax, progress, executor);
  }

  /** How the scenario lines run (see {@link Executor}). */
  public Executor executor() {
    return executor;
  }

  @Override
  public String name() {
    return image.name();
  }

  public KernelImages.Image image() {
    return image;
  }

  @Override
  public String release() {
    return release != null ? release : image.name();
  }

  /** Seconds from starting QEMU to {@code /init}'s first line, in the last boot. */
  public double lastBootSeconds() {
    return lastBootSeconds;
  }

  /** Seconds from {@code /init}'s first line to the last scenario's end, in the last boot. */
  public double lastRunSeconds() {
    return lastRunSeconds;
  }

  /** How many scenarios the last boot finished. */
  public int lastRunCount() {
    return lastRunCount;
  }

  @Override
  public String unavailableReason() {
    return QemuGuest.unavailable(image.vmlinuz());
  }

  /** Null when QEMU can be started, else what to install. */
  public static String qemuMissing() {
    return QemuGuest.qemuMissing();
  }

  @Override
  public KernelResult run(Scenario scenario) throws KernelException {
    ScenarioRun r = runAll(List.of(scenario)).get(0);
    if (!r.ok()) throw r.error();
    return r.result();
  }

  @Override
  public List<ScenarioRun> runAll(List<Scenario> scenarios) throws KernelUnavailableException {
    return runAll(scenarios, Collections.nCopies(scenarios.size(), null));
  }

  /**
   * Like {@link #runAll(List)}, where scenario i runs with the guest's fs.mount-max set to {@code
   * mountMax.get(i)} (null: this backend's limit, else the kernel's default).
   */
  public List<ScenarioRun> runAll(List<Scenario> scenarios, List<Integer> mountMax)
      throws KernelUnavailableException {
    String reason = unavailableReason();
    if (reason != null) throw new KernelUnavailableException(reason);
    List<ScenarioRun> out = new ArrayList<>();
    int next = 0;
    while (next < scenarios.size()) {
      int to = Math.min(scenarios.size(), next + MAX_BATCH);
      List<ScenarioRun> done;
      try {
        done =
            boot(
                scenarios.subList(next, to),
                mountMax.subList(next, to),
                out.size(),
                scenarios.size());
      } catch (KernelUnavailableException firstBoot) {
        // one more boot: a machine under heavy load can miss the boot limit once
        progress.accept(
            "vm "
                + name()
                + ": "
                + firstBoot.getMessage().lines().findFirst().orElse("")
                + "; booting again");
        done =
            boot(
                scenarios.subList(next, to),
                mountMax.subList(next, to),
                out.size(),
                scenarios.size());
      }
      out.addAll(done);
      // a guest killed in the middle of the batch: the rest goes to a new boot
      next += done.size();
    }
    return out;
  }

  /**
   * One boot for {@code batch}. Returns the runs in order; fewer than the batch when the guest was
   * killed in a scenario (that scenario's run is the last one, with the error).
   */
  private List<ScenarioRun> boot(
      List<Scenario> batch, List<Integer> limits, int doneBefore, int total)
      throws KernelUnavailableException {
    long start = System.nanoTime();
    byte[] initrd;
    try {
      initrd = GuestImage.initrd(batch, limits, perScenario, mountMax, executor);
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot build the guest's initramfs: " + e.getMessage());
    }
    QemuGuest guest = QemuGuest.start(image.vmlinuz(), initrd, 1, 512, "");

    List<ScenarioRun> out = new ArrayList<>();
    StringBuilder stdout = new StringBuilder();
    StringBuilder stderr = new StringBuilder();
    StringBuilder section = null;
    int current = -1;
    long ready = 0;
    long deadline = start + bootLimit.toNanos();
    String failure = null;
    try {
      while (true) {
        String l = guest.next(deadline);
        if (l == null && guest.ended()) {
          if (out.size() < batch.size())
            failure =
                ready == 0
                    ? "the guest stopped before /init ran"
                    : "the guest stopped after " + out.size() + " scenarios";
          break;
        }
        if (l == null) {
          failure =
              ready == 0
                  ? "the kernel did not reach /init within " + bootLimit.toSeconds() + " s"
                  : "the guest stopped answering in scenario " + current;
          break;
        }
        if (l.startsWith("@@vm ready ")) {
          ready = System.nanoTime();
          release = l.substring("@@vm ready ".length()).strip();
          deadline = ready + perScenario.plus(MARGIN).toNanos();
          report(start, ready, doneBefore, doneBefore, total);
        } else if (l.startsWith("@@vm setup-failed")) {
          failure = "the guest could not be set up: " + l;
          break;
        } else if (l.startsWith("@@vm begin ")) {
          current = Integer.parseInt(l.substring("@@vm begin ".length()).strip());
          stdout.setLength(0);
          stderr.setLength(0);
          section = stdout;
          deadline = System.nanoTime() + perScenario.plus(MARGIN).toNanos();
        } else if (l.startsWith("@@vm stderr ")) {
          section = stderr;
        } else if (l.startsWith("@@vm end ")) {
          String[] f = l.split(" ");
          int status = Integer.parseInt(f[3]);
          Scenario s = batch.get(current);
          out.add(finish(s, stdout.toString(), stderr.toString(), status));
          section = null;
          deadline = System.nanoTime() + perScenario.plus(MARGIN).toNanos();
          if ((doneBefore + out.size()) % 50 == 0 && out.size() < batch.size())
            report(start, ready, doneBefore, doneBefore + out.size(), total);
        } else if (l.equals("@@vm done")) {
          break;
        } else if (section != null) {
          section.append(l).append('\n');
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    } finally {
      guest.stop(failure == null ? QemuGuest.POWER_OFF : Duration.ZERO);
    }
    long end = System.nanoTime();
    lastBootSeconds = ready == 0 ? Double.NaN : (ready - start) / 1e9;
    lastRunSeconds = ready == 0 ? Double.NaN : (end - ready) / 1e9;
    lastRunCount = out.size();
    report(start, ready, doneBefore, doneBefore + out.size(), total);
    if (failure != null) {
      String console = guest.tail();
      if (ready == 0)
        throw new KernelUnavailableException(
            "kernel " + name() + ": " + failure + "; last console lines:\n" + console);
      if (out.size() < batch.size()) {
        progress.accept("vm " + name() + ": " + failure + "; the guest was killed");
        out.add(
            new ScenarioRun(
                batch.get(out.size()),
                null,
                new KernelTimeoutException(
                    "scenario "
                        + batch.get(out.size()).name()
                        + ": "
                        + failure
                        + "; the guest was killed",
                    console)));
      }
    }
    return out;
  }

  private ScenarioRun finish(Scenario s, String stdout, String stderr, int status) {
    if (status == 137 || status == 124)
      return new ScenarioRun(
          s,
          null,
          new KernelTimeoutException(
              "scenario "
                  + s.name()
                  + " exceeded its time limit of "
                  + perScenario.toSeconds()
                  + " s in the guest; its processes were killed",
              stdout + stderr));
    try {
      return new ScenarioRun(s, Transcript.parse(s, stdout, stderr, status), null);
    } catch (KernelException e) {
      return new ScenarioRun(s, null, e);
    }
  }

  private void report(long start, long ready, int doneBefore, int done, int total) {
    long now = System.nanoTime();
    double elapsed = (now - start) / 1e9;
    String boot = ready == 0 ? "not booted" : String.format("boot %.1f s", (ready - start) / 1e9);
    String rate =
        ready == 0 || done == doneBefore
            ? ""
            : String.format(
                ", %.2f scenarios/s after boot", (done - doneBefore) / ((now - ready) / 1e9));
    progress.accept(
        String.format(
            "vm %s (%s): %s, %d/%d scenarios, %.1f s elapsed%s",
            name(), release(), boot, done, total, elapsed, rate));
  }
}
