package mountcheck.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;

/**
 * Runs a scenario on the live kernel, inside a fresh {@code unshare -Urm} so that the host's mount
 * table is never touched.
 *
 * <p>The scenario becomes a bash script fed on standard input to {@code unshare -Urm /bin/bash}.
 * The script first makes the inherited root read-only ({@code mount -o remount,bind,ro /}, so a
 * {@code mkdir} outside the scenario's own tmpfs mounts fails with EROFS and nothing reaches the
 * host's disk), records the namespace's mountinfo, then runs each scenario line and reports its
 * exit status and messages between markers. An {@code unshare} line starts a nested bash that goes
 * on reading the same standard input, so the rest of the script runs in the new namespace while the
 * earlier shells wait, which keeps the earlier namespaces alive. The last shell prints the final
 * mountinfo.
 *
 * <p>With the resident executor ({@link Executor#SYSCALLS}, the default) the mount, umount, mkdir,
 * touch and rmdir lines are system calls of a perl coprocess that answers their errno. With {@link
 * Executor#TOOLS}, errno values are read from libmount's debug output ({@code LIBMOUNT_DEBUG=cxt}
 * prints {@code mount(2) failed [errno=N ...]}), from strerror texts (mkdir, unshare) and as a last
 * resort from util-linux's messages. The environment is cleared ({@code env -i} with PATH, {@code
 * SHELL=/bin/bash} and {@code LC_ALL=C}) so that the messages are the C locale's. The runner never
 * writes /proc/sys. The whole process tree is killed when the time limit is exceeded.
 */
public final class KernelRunner implements KernelBackend {
  /** The default time limit per scenario. */
  public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(20);

  private final Duration timeLimit;
  private final Executor executor;
  private String unavailableReason; // null until probed; "" when available

  public KernelRunner() {
    this(DEFAULT_TIME_LIMIT);
  }

  public KernelRunner(Duration timeLimit) {
    this(timeLimit, Executor.configured());
  }

  /** A runner whose scenario lines run through {@code executor}. */
  public KernelRunner(Duration timeLimit, Executor executor) {
    if (timeLimit.isNegative() || timeLimit.isZero())
      throw new IllegalArgumentException("time limit must be positive: " + timeLimit);
    this.timeLimit = timeLimit;
    this.executor = executor;
  }

  /** How the scenario lines run (see {@link Executor}). */
  public Executor executor() {
    return executor;
  }

  @Override
  public String name() {
    return Kernels.host().name();
  }

  @Override
  public String release() {
    return System.getProperty("os.version");
  }

  public Duration timeLimit() {
    return timeLimit;
  }

  /**
   * Null when {@code unshare -Urm true} works here, else why not (its exit status and stderr).
   * Probed once per runner.
   */
  @Override
  public synchronized String unavailableReason() {
    if (unavailableReason == null) unavailableReason = probe();
    return unavailableReason.isEmpty() ? null : unavailableReason;
  }

  /** Whether scenarios can run here (see {@link #unavailableReason()}). */
  public boolean available() {
    return unavailableReason() == null;
  }

  /** Runs the scenario in a fresh {@code unshare -Urm} namespace. */
  @Override
  public KernelResult run(Scenario scenario) throws KernelException {
    String reason = unavailableReason();
    if (reason != null) throw new KernelUnavailableException(reason);
    ProcessRun.Execution run = execute(ScenarioScript.of(scenario, executor), pinnedCpu(scenario));
    if (run.timedOut())
      throw new KernelTimeoutException(
          "scenario "
              + scenario.name()
              + " exceeded its time limit of "
              + seconds(timeLimit)
              + " s; its processes were killed",
          run.stdout() + run.stderr());
    return Transcript.parse(scenario, run.stdout(), run.stderr(), run.exitStatus());
  }

  private String probe() {
    try {
      ProcessRun.Execution run =
          ProcessRun.execute(List.of("unshare", "-Urm", "true"), "", Duration.ofSeconds(10));
      if (run.timedOut()) return "'unshare -Urm true' did not finish within 10 s";
      if (run.exitStatus() != 0)
        return "'unshare -Urm true' is not permitted here (exit status "
            + run.exitStatus()
            + "): "
            + run.stderr().strip();
      return "";
    } catch (IOException e) {
      return "cannot run 'unshare -Urm true': " + e.getMessage();
    }
  }

  private static final AtomicInteger NEXT_CPU = new AtomicInteger();

  /**
   * The CPU a scenario that persists namespaces runs on, or -1 for no pinning. do_loopback()'s
   * mnt_ns_loop() lets a namespace file be bound only into an older namespace, comparing namespace
   * ids; on 6.18 those ids are not ordered across CPUs (they come from per-CPU batches), so a bind
   * of a namespace made on another CPU can fail with EINVAL at random (observed: 3 of 5 binds
   * failed unpinned, none of 15 pinned). On one CPU the ids follow creation order, as the model
   * assumes (docs/semantics.md §2.11). Each such run takes the next allowed CPU in turn.
   */
  public static int pinnedCpu(Scenario scenario) {
    if (scenario.namespaceFiles().isEmpty()) return -1;
    List<Integer> allowed = allowedCpus();
    if (allowed.isEmpty()) return -1;
    return allowed.get(Math.floorMod(NEXT_CPU.getAndIncrement(), allowed.size()));
  }

  /** Cpus_allowed_list of this process (empty if unreadable). */
  static List<Integer> allowedCpus() {
    List<Integer> out = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (!line.startsWith("Cpus_allowed_list:")) continue;
        for (String part : line.substring(line.indexOf(':') + 1).trim().split(",")) {
          if (part.isEmpty()) continue;
          String[] range = part.split("-");
          int from = Integer.parseInt(range[0].trim());
          int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
          for (int c = from; c <= to; c++) out.add(c);
        }
      }
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    return out;
  }

  private ProcessRun.Execution execute(String script, int cpu) throws KernelException {
    long limitSeconds = Math.max(1, (timeLimit.toMillis() + 999) / 1000);
    List<String> command = new ArrayList<>();
    if (cpu >= 0) command.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
    command.addAll(
        List.of(
            "timeout",
            "-s",
            "KILL",
            Long.toString(limitSeconds + 5),
            "unshare",
            "-Urm",
            ScenarioScript.BASH,
            "--norc",
            "--noprofile"));
    try {
      return ProcessRun.execute(command, script, timeLimit);
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot start the runner: " + e.getMessage());
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0
        ? Long.toString(d.toSeconds())
        : String.valueOf(d.toMillis() / 1000.0);
  }
}
