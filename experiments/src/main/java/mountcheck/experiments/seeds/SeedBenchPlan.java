package mountcheck.experiments.seeds;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * What {@code bench kernels} runs on one kernel: the seeds' experiments and their sizes. The same
 * plan gives the same experiments on every kernel, so that an independent run can be compared with
 * this one kernel by kernel.
 *
 * @param seeds which experiments, in order: {@code 000} (overlap family, umount -l), {@code 002}
 *     (ipc namespaces), {@code 001} (umount latency), {@code 003} (mountinfo reads)
 * @param umountNs the N of the overlap family (2^(N+1)+1 mounts)
 * @param umountRuns runs per N (each in a fresh mount namespace); the median is reported
 * @param ipcChain namespaces in the exec chain {@code unshare -i unshare -i ... cat /dev/null}
 * @param ipcLoop unshare(CLONE_NEWIPC) calls in one process (perl's syscall)
 * @param ipcMarks time marks along each ipc run
 * @param ipcLimit user.max_ipc_namespaces for the ENOSPC probe (guest only; 0: no probe)
 * @param ipcWaitLimit user.max_ipc_namespaces for the loop of 4 times as many namespaces that waits
 *     out ENOSPC (guest only; 0: no such loop)
 * @param cycles mount and umount cycles of a single tmpfs per umount mode
 * @param mountinfoSizes tmpfs mounts added before each mountinfo measurement
 * @param mountinfoReads full reads per reader (one {@code cat} with the file named that often)
 * @param mountinfoReaders readers at once
 */
public record SeedBenchPlan(
    List<String> seeds,
    List<Integer> umountNs,
    int umountRuns,
    int ipcChain,
    int ipcLoop,
    int ipcMarks,
    int ipcLimit,
    int ipcWaitLimit,
    int cycles,
    List<Integer> mountinfoSizes,
    int mountinfoReads,
    int mountinfoReaders) {

  /** Every experiment, in the order they run. */
  public static final List<String> ALL_SEEDS = List.of("000", "002", "001", "003");

  public SeedBenchPlan {
    seeds = List.copyOf(seeds);
    umountNs = List.copyOf(umountNs);
    mountinfoSizes = List.copyOf(mountinfoSizes);
    for (String s : seeds)
      if (!ALL_SEEDS.contains(s)) throw new IllegalArgumentException("unknown seed " + s);
    if (umountRuns < 1 || ipcChain < 1 || ipcLoop < 1 || ipcMarks < 1 || cycles < 1)
      throw new IllegalArgumentException("counts must be positive");
    if (mountinfoReads < 1 || mountinfoReaders < 1 || ipcLimit < 0 || ipcWaitLimit < 0)
      throw new IllegalArgumentException("counts must be positive");
  }

  /**
   * The smallest N of the overlap family (257 mounts). The range starts at 10; N=7..9 add
   * the sizes whose mounts fit in a CPU's caches, where the time follows the work alone.
   */
  public static final int SMALLEST_N = 7;

  /** The default plan: N=7..15 in a guest, N=7..19 on the host; everything else the same. */
  public static SeedBenchPlan defaults(boolean host) {
    return new SeedBenchPlan(
        ALL_SEEDS,
        host ? range(SMALLEST_N, 19) : range(SMALLEST_N, 15),
        3,
        200,
        1000,
        4,
        8,
        128,
        1000,
        List.of(100, 1000),
        100,
        2);
  }

  public static List<Integer> range(int from, int to) {
    return IntStream.rangeClosed(from, to).boxed().toList();
  }

  /** This plan with other N for the overlap family. */
  public SeedBenchPlan withUmountNs(List<Integer> ns) {
    return new SeedBenchPlan(
        seeds,
        ns,
        umountRuns,
        ipcChain,
        ipcLoop,
        ipcMarks,
        ipcLimit,
        ipcWaitLimit,
        cycles,
        mountinfoSizes,
        mountinfoReads,
        mountinfoReaders);
  }

  /** This plan with only {@code only} of the experiments. */
  public SeedBenchPlan withSeeds(List<String> only) {
    return new SeedBenchPlan(
        ALL_SEEDS.stream().filter(only::contains).toList(),
        umountNs,
        umountRuns,
        ipcChain,
        ipcLoop,
        ipcMarks,
        ipcLimit,
        ipcWaitLimit,
        cycles,
        mountinfoSizes,
        mountinfoReads,
        mountinfoReaders);
  }

  /** The P_* variables the script reads, one assignment a line. */
  public String header(boolean host) {
    return String.join(
            "\n",
            "P_HOST=" + (host ? 1 : 0),
            "P_SEEDS=\"" + String.join(" ", seeds) + "\"",
            "P_UMOUNT_NS=\"" + words(umountNs) + "\"",
            "P_UMOUNT_RUNS=" + umountRuns,
            "P_IPC_CHAIN=" + ipcChain,
            "P_IPC_LOOP=" + ipcLoop,
            "P_IPC_MARKS=" + ipcMarks,
            "P_IPC_LIMIT=" + ipcLimit,
            "P_IPC_WAIT_LIMIT=" + ipcWaitLimit,
            "P_CYCLES=" + cycles,
            "P_MI_SIZES=\"" + words(mountinfoSizes) + "\"",
            "P_MI_READS=" + mountinfoReads,
            "P_MI_READERS=" + mountinfoReaders)
        + "\n";
  }

  /** The whole script: bash, the header, then the experiments. */
  public String script(boolean host) {
    return "#!/bin/bash\n" + header(host) + SCRIPT_TEXT;
  }

  private static String words(List<Integer> xs) {
    return xs.stream().map(String::valueOf).collect(Collectors.joining(" "));
  }

  static final String SCRIPT_TEXT = resource("seed-bench.sh");

  private static String resource(String name) {
    try (InputStream in = SeedBenchPlan.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("missing resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
