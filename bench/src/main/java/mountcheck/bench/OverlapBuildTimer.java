package mountcheck.bench;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.Result;
import mountcheck.model.state.MountTable;

/**
 * Times building the overlap family of 296990deb389 through the model, command by command, as the
 * goal of 2 s at N=19 (1,048,577 mounts) is stated: the CPU time of the building thread
 * (ThreadMXBean), the wall time and the bytes it allocated (a measure the machine's load does not
 * change), split into the N binds and the rbind, for each of a few runs in one JVM (the first is
 * cold). Single-shot on purpose: one build is the workload.
 *
 * <pre>
 * mvn -B -ntp -pl bench -am package -DskipTests
 * java -XX:+UseParallelGC -Xss16m -cp bench/target/benchmarks.jar \
 *     mountcheck.bench.OverlapBuildTimer 19 3
 * </pre>
 */
public final class OverlapBuildTimer {
  private OverlapBuildTimer() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 19;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    // HotSpot's ThreadMXBean extends java.lang.management's with the allocation counters
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    ThreadMXBean allocation = threads;
    long self = Thread.currentThread().getId();
    Model model = Model.linux();
    for (int run = 1; run <= runs; run++) {
      System.gc();
      MountTable s = MountTable.initial(1 << 30, 1);
      long cpu0 = threads.getCurrentThreadCpuTime();
      long wall0 = System.nanoTime();
      long bytes0 = allocation.getThreadAllocatedBytes(self);
      for (Operation op : setup()) s = apply(model, s, op);
      for (int i = 0; i < n; i++) s = apply(model, s, new Bind("/mnt/1/1", "/mnt/1/1", false));
      long cpu1 = threads.getCurrentThreadCpuTime();
      long wall1 = System.nanoTime();
      long bytes1 = allocation.getThreadAllocatedBytes(self);
      s = apply(model, s, new Bind("/mnt/1", "/mnt/2", true));
      long cpu2 = threads.getCurrentThreadCpuTime();
      long wall2 = System.nanoTime();
      long bytes2 = allocation.getThreadAllocatedBytes(self);
      int expected = (1 << (n + 1)) + 2; // the family and the namespace root
      if (s.mountCount() != expected)
        throw new IllegalStateException(s.mountCount() + " mounts, expected " + expected);
      System.out.printf(
          Locale.ROOT,
          "N=%d run %d: %d mounts; main-thread CPU %.2f s (binds %.2f, rbind %.2f);"
              + " wall %.2f s (binds %.2f, rbind %.2f); allocated %d MB (binds %d, rbind %d)%n",
          n,
          run,
          s.mountCount(),
          (cpu2 - cpu0) / 1e9,
          (cpu1 - cpu0) / 1e9,
          (cpu2 - cpu1) / 1e9,
          (wall2 - wall0) / 1e9,
          (wall1 - wall0) / 1e9,
          (wall2 - wall1) / 1e9,
          (bytes2 - bytes0) >> 20,
          (bytes1 - bytes0) >> 20,
          (bytes2 - bytes1) >> 20);
    }
  }

  private static List<Operation> setup() {
    List<Operation> ops = new ArrayList<>();
    ops.add(new MountTmpfs("zdtm", "/mnt"));
    ops.add(new MakeDirs(List.of("/mnt/1")));
    ops.add(new MakeDirs(List.of("/mnt/2")));
    ops.add(new MountTmpfs("zdtm", "/mnt/1"));
    ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/1"));
    ops.add(new MakeDirs(List.of("/mnt/1/1")));
    return ops;
  }

  private static MountTable apply(Model model, MountTable s, Operation op) {
    Result<MountTable> r = model.apply(s, op);
    if (r instanceof Result.Ok<MountTable> ok) return ok.value();
    throw new IllegalStateException(op + ": " + r);
  }
}
