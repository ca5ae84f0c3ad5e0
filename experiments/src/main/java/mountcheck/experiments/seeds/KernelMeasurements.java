package mountcheck.experiments.seeds;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the seed experiments measured on one kernel, as read from the script's {@code @@bench} lines
 * by {@link SeedBenchOutput}. Times are nanoseconds.
 *
 * @param kernel the kernel's name on the command line ({@code host}, {@code 6.1}, ...)
 * @param release its release ({@code /proc/sys/kernel/osrelease}), empty when unknown
 * @param info CPUs, fs.mount-max, rcu_expedited, clock source and the kernel's version string
 * @param bootLog a guest's kernel messages that bear on the timings (mount hash table size, RCU)
 * @param umount seed 000: one run of {@code umount -l /mnt/1} per N and run
 * @param mountSlabBytes seed 000: bytes of struct mount's slab (mnt_cache, every mount of the
 *     system) after the first build of each N, where /proc/slabinfo could be read
 * @param ipc seed 002: the exec chain without namespaces ({@code exec}), with them ({@code chain})
 *     and the loop in one process ({@code loop})
 * @param ipcLimits seed 002 at a low user.max_ipc_namespaces (guest only)
 * @param ipcWaits seed 002's loop that waits out ENOSPC at a low user.max_ipc_namespaces (guest
 *     only; at most one)
 * @param latency seed 001: umount2 latencies per mode ({@code sync}, {@code lazy}, and {@code
 *     bind}: the umount of a bind, which ends no superblock)
 * @param mountinfo seed 003: one measurement per size
 * @param seedNanos elapsed time at the end of each experiment, from the script's start
 * @param complete whether the script reached its end
 * @param problems lines that could not be read, and errors
 */
public record KernelMeasurements(
    String kernel,
    String release,
    String info,
    List<String> bootLog,
    List<UmountRun> umount,
    Map<Integer, Long> mountSlabBytes,
    List<IpcRun> ipc,
    List<IpcLimit> ipcLimits,
    List<IpcWait> ipcWaits,
    Map<String, Latency> latency,
    List<MountinfoRead> mountinfo,
    Map<String, Long> seedNanos,
    boolean complete,
    List<String> problems) {

  public KernelMeasurements {
    bootLog = List.copyOf(bootLog);
    umount = List.copyOf(umount);
    mountSlabBytes = Map.copyOf(mountSlabBytes);
    ipc = List.copyOf(ipc);
    ipcLimits = List.copyOf(ipcLimits);
    ipcWaits = List.copyOf(ipcWaits);
    latency = Map.copyOf(latency);
    mountinfo = List.copyOf(mountinfo);
    seedNanos = Map.copyOf(seedNanos);
    problems = List.copyOf(problems);
  }

  /**
   * One build of the overlap family and its {@code umount -l /mnt/1}.
   *
   * @param nanos the umount2 call; -1 when the family could not be built
   * @param errno umount2's errno (0 for success)
   * @param buildNanos the binds and the rbind
   * @param error what failed while building ({@code rbind ENOSPC}), null when measured
   */
  public record UmountRun(int n, int run, long nanos, int errno, long buildNanos, String error) {
    public boolean measured() {
      return error == null && errno == 0;
    }
  }

  /** A time mark: {@code done} namespaces after {@code nanos}. */
  public record Mark(int done, long nanos) {}

  /**
   * One ipc run.
   *
   * @param label {@code exec}, {@code chain} or {@code loop}
   * @param planned namespaces asked for
   * @param done namespaces made (-1 when unknown: the chain failed somewhere)
   * @param nanos the whole run
   * @param outcome {@code 0} or an errno name or number
   */
  public record IpcRun(
      String label, int planned, int done, long nanos, String outcome, List<Mark> marks) {
    public IpcRun {
      marks = List.copyOf(marks);
    }

    public boolean ok() {
      return outcome.equals("0") && done == planned;
    }
  }

  /**
   * The ipc probe at a low user.max_ipc_namespaces.
   *
   * @param kind {@code chain} (each namespace put when the next is made) or {@code held} (all held)
   * @param outcome {@code ok} or the errno name of the failure
   */
  public record IpcLimit(int limit, String kind, int namespaces, String outcome, long nanos) {}

  /**
   * A loop of {@code planned} unshare(CLONE_NEWIPC) calls at user.max_ipc_namespaces = {@code
   * limit} that sleeps and tries again on ENOSPC: past the limit, each namespace waits for a
   * pending free, so its time per namespace is the rate of the kernel's frees.
   *
   * @param made namespaces made
   * @param nanos the whole loop
   * @param nanosAtLimit when the first {@code limit} namespaces were made (-1: never)
   * @param enospcRetries calls that failed with ENOSPC and were tried again
   * @param outcome {@code 0}, or the errno (a number) that ended the loop early
   */
  public record IpcWait(
      int limit,
      int planned,
      int made,
      long nanos,
      long nanosAtLimit,
      long enospcRetries,
      String outcome) {
    public boolean ok() {
      return outcome.equals("0") && made == planned;
    }

    /** Mean time per namespace made past the limit, when the loop got past it. */
    public OptionalDouble nanosPerNamespacePastLimit() {
      if (nanosAtLimit < 0 || made <= limit) return OptionalDouble.empty();
      return OptionalDouble.of((nanos - nanosAtLimit) / (double) (made - limit));
    }
  }

  /** Latencies of one umount mode, in the order measured. */
  public record Latency(String mode, long[] nanos, int failed) {
    public Latency {
      nanos = nanos.clone();
    }

    public double percentile(double p) {
      long[] s = nanos.clone();
      Arrays.sort(s);
      if (s.length == 0) return Double.NaN;
      int i = (int) Math.min(s.length - 1, Math.max(0, Math.ceil(p / 100 * s.length) - 1));
      return s[i];
    }

    public double median() {
      long[] s = nanos.clone();
      Arrays.sort(s);
      if (s.length == 0) return Double.NaN;
      int mid = s.length / 2;
      return s.length % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2.0;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Latency l
          && l.mode.equals(mode)
          && Arrays.equals(l.nanos, nanos)
          && l.failed == failed;
    }

    @Override
    public int hashCode() {
      return mode.hashCode() * 31 + Arrays.hashCode(nanos);
    }

    @Override
    public String toString() {
      return "Latency[" + mode + ", " + nanos.length + " values, failed " + failed + "]";
    }
  }

  /**
   * One mountinfo measurement.
   *
   * @param size tmpfs mounts added by the experiment
   * @param lines lines of mountinfo (all mounts of the namespace)
   * @param bytes bytes of one full read
   * @param reads full reads per reader
   * @param readers readers at once
   * @param mountinfoNanos all readers reading /proc/self/mountinfo
   * @param fileNanos all readers reading a regular file with the same bytes
   */
  public record MountinfoRead(
      int size,
      int lines,
      long bytes,
      int reads,
      int readers,
      long mountinfoNanos,
      long fileNanos) {
    public double ratio() {
      return fileNanos <= 0 ? Double.NaN : (double) mountinfoNanos / fileNanos;
    }
  }

  /** Median umount time at N over the measured runs. */
  public OptionalDouble umountMedian(int n) {
    long[] v =
        umount.stream()
            .filter(r -> r.n() == n && r.measured())
            .mapToLong(UmountRun::nanos)
            .sorted()
            .toArray();
    if (v.length == 0) return OptionalDouble.empty();
    int mid = v.length / 2;
    return OptionalDouble.of(v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2.0);
  }

  /** Why N was not measured (the first run's error), if it was not. */
  public Optional<String> umountError(int n) {
    if (umountMedian(n).isPresent()) return Optional.empty();
    return umount.stream()
        .filter(r -> r.n() == n)
        .map(r -> r.error() != null ? r.error() : "umount2 errno " + r.errno())
        .findFirst();
  }

  public Optional<IpcRun> ipc(String label) {
    return ipc.stream().filter(r -> r.label().equals(label)).findFirst();
  }

  public Optional<IpcWait> ipcWait() {
    return ipcWaits.stream().findFirst();
  }

  public Optional<IpcLimit> ipcLimit(String kind) {
    return ipcLimits.stream().filter(r -> r.kind().equals(kind)).findFirst();
  }
}
