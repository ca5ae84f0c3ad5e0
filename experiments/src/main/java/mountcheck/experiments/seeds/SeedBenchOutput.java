package mountcheck.experiments.seeds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code @@bench} lines of {@code seed-bench.sh} into {@link KernelMeasurements}. Other
 * lines (kernel messages on a guest's console) are ignored; a {@code @@bench} line that cannot be
 * read is kept as a problem, never dropped silently.
 *
 * <p>Lines (times in nanoseconds):
 *
 * <pre>
 * @@bench kernel RELEASE
 * @@bench info TEXT
 * @@bench boot KERNEL-LOG-LINE                      (guests: hash table sizes, RCU's set-up)
 * @@bench umount N RUN NANOS ERRNO BUILD_NANOS      | @@bench umount N RUN error WHAT ERRNO_NAME
 * @@bench slab N ACTIVE_OBJECTS OBJECT_SIZE        (struct mount's slab after building N)
 * @@bench ipc-start LABEL WALL_NANOS                (the exec chains' marks are wall clock)
 * @@bench ipc-mark LABEL DONE NANOS
 * @@bench ipc LABEL PLANNED NANOS DONE|? OUTCOME
 * @@bench ipc-limit LIMIT KIND NAMESPACES STATUS OUTCOME NANOS
 * @@bench ipc-wait LIMIT PLANNED MADE NANOS NANOS_AT_LIMIT ENOSPC_RETRIES ERRNO
 * @@bench latency MODE NANOS...                     (up to 100 a line)
 * @@bench latency-end MODE CYCLES FAILED
 * @@bench mountinfo SIZE LINES BYTES READS READERS MOUNTINFO_NANOS FILE_NANOS
 * @@bench seed-done SEED ELAPSED_NANOS
 * @@bench end
 * </pre>
 */
public final class SeedBenchOutput {
  private SeedBenchOutput() {}

  public static final String PREFIX = "@@bench ";

  /**
   * Kinds whose line {@code KIND FIELD error ...} says the experiment could not run: a problem, not
   * a measurement ({@code umount N RUN error ...} is a measurement of what failed).
   */
  private static final Set<String> FAILS_AS_PROBLEM =
      Set.of("ipc-limit", "ipc-wait", "latency", "mountinfo");

  public static KernelMeasurements parse(String kernel, List<String> lines) {
    String release = "";
    String info = "";
    List<String> boot = new ArrayList<>();
    List<KernelMeasurements.UmountRun> umount = new ArrayList<>();
    Map<Integer, Long> slab = new LinkedHashMap<>();
    List<KernelMeasurements.IpcRun> ipc = new ArrayList<>();
    List<KernelMeasurements.IpcLimit> limits = new ArrayList<>();
    List<KernelMeasurements.IpcWait> waits = new ArrayList<>();
    Map<String, List<Long>> samples = new LinkedHashMap<>();
    Map<String, Integer> failed = new LinkedHashMap<>();
    List<KernelMeasurements.MountinfoRead> mountinfo = new ArrayList<>();
    Map<String, Long> seeds = new LinkedHashMap<>();
    Map<String, Long> ipcStart = new LinkedHashMap<>();
    Map<String, List<KernelMeasurements.Mark>> marks = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    boolean complete = false;
    for (String raw : lines) {
      int at = raw.indexOf(PREFIX);
      if (at < 0) continue;
      String line = raw.substring(at + PREFIX.length()).strip();
      String[] f = line.split("\\s+");
      if (f.length > 2 && f[2].equals("error") && FAILS_AS_PROBLEM.contains(f[0])) {
        problems.add(f[0] + ": " + line);
        continue;
      }
      try {
        switch (f[0]) {
          case "kernel" -> release = f.length > 1 ? f[1] : "";
          case "info" -> info = line.substring("info".length()).strip();
          case "boot" -> boot.add(line.substring("boot".length()).strip());
          case "umount" -> {
            int n = Integer.parseInt(f[1]);
            int run = Integer.parseInt(f[2]);
            if (f[3].equals("error"))
              umount.add(
                  new KernelMeasurements.UmountRun(
                      n, run, -1, 0, -1, f[4] + (f.length > 5 ? " " + f[5] : "")));
            else
              umount.add(
                  new KernelMeasurements.UmountRun(
                      n,
                      run,
                      Long.parseLong(f[3]),
                      Integer.parseInt(f[4]),
                      Long.parseLong(f[5]),
                      null));
          }
          case "slab" ->
              slab.put(Integer.parseInt(f[1]), Long.parseLong(f[2]) * Long.parseLong(f[3]));
          case "ipc-start" -> ipcStart.put(f[1], Long.parseLong(f[2]));
          case "ipc-mark" -> {
            long t = Long.parseLong(f[3]);
            if (ipcStart.containsKey(f[1])) t -= ipcStart.get(f[1]);
            marks
                .computeIfAbsent(f[1], k -> new ArrayList<>())
                .add(new KernelMeasurements.Mark(Integer.parseInt(f[2]), t));
          }
          case "ipc" ->
              ipc.add(
                  new KernelMeasurements.IpcRun(
                      f[1],
                      Integer.parseInt(f[2]),
                      f[4].equals("?") ? -1 : Integer.parseInt(f[4]),
                      Long.parseLong(f[3]),
                      f[5],
                      marks.getOrDefault(f[1], List.of())));
          case "ipc-limit" ->
              limits.add(
                  new KernelMeasurements.IpcLimit(
                      Integer.parseInt(f[1]),
                      f[2],
                      Integer.parseInt(f[3]),
                      f[5],
                      Long.parseLong(f[6])));
          case "ipc-wait" ->
              waits.add(
                  new KernelMeasurements.IpcWait(
                      Integer.parseInt(f[1]),
                      Integer.parseInt(f[2]),
                      Integer.parseInt(f[3]),
                      Long.parseLong(f[4]),
                      Long.parseLong(f[5]),
                      Long.parseLong(f[6]),
                      f[7]));
          case "latency" -> {
            List<Long> v = samples.computeIfAbsent(f[1], k -> new ArrayList<>());
            for (int i = 2; i < f.length; i++) v.add(Long.parseLong(f[i]));
          }
          case "latency-end" -> failed.put(f[1], Integer.parseInt(f[3]));
          case "mountinfo" ->
              mountinfo.add(
                  new KernelMeasurements.MountinfoRead(
                      Integer.parseInt(f[1]),
                      Integer.parseInt(f[2]),
                      Long.parseLong(f[3]),
                      Integer.parseInt(f[4]),
                      Integer.parseInt(f[5]),
                      Long.parseLong(f[6]),
                      Long.parseLong(f[7])));
          case "seed-done" -> seeds.put(f[1], Long.parseLong(f[2]));
          case "end" -> complete = true;
          case "ready", "exit" -> {
            // the guest's init around the script
          }
          default -> problems.add("unknown line: " + line);
        }
      } catch (RuntimeException e) {
        problems.add("unreadable line: " + line);
      }
    }
    Map<String, KernelMeasurements.Latency> latency = new LinkedHashMap<>();
    for (var e : samples.entrySet()) {
      if (!failed.containsKey(e.getKey()))
        problems.add("latency " + e.getKey() + ": no end line (the run was cut short)");
      latency.put(
          e.getKey(),
          new KernelMeasurements.Latency(
              e.getKey(),
              e.getValue().stream().mapToLong(Long::longValue).toArray(),
              failed.getOrDefault(e.getKey(), 0)));
    }
    if (!complete) problems.add("the script did not reach its end");
    return new KernelMeasurements(
        kernel, release, info, boot, umount, slab, ipc, limits, waits, latency, mountinfo, seeds,
        complete, problems);
  }
}
