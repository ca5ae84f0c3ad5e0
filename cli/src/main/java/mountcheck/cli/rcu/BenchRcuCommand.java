package mountcheck.cli.rcu;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.Verdict;
import mountcheck.experiments.bench.RcuBench;
import mountcheck.model.rcu.LifetimeDesign;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mountcheck bench rcu}: the three seed measurements in modelled grace periods, as Markdown
 * tables: the ipc namespace loop synchronous versus batched, umount latency per variant, and exit
 * of the last user of an nsproxy. With {@code --format json} the same rows are JSON Lines, one
 * result per row (the modelled time in {@code message} and in the {@code modelled-us} count).
 */
@Command(
    name = "rcu",
    mixinStandardHelpOptions = true,
    description = "RCU lifetime costs in modelled grace periods (Markdown tables).",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:the tables were printed", "2:bad option (nothing was run)"})
public final class BenchRcuCommand implements Callable<Integer>, ResultSource {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--cycles",
      paramLabel = "N",
      description = "ipc namespace create/destroy cycles (default: ${DEFAULT-VALUE})",
      defaultValue = "100000")
  int cycles;

  @Option(
      names = "--work-item-cycles",
      paramLabel = "N",
      description =
          "cycles for ipc-work-item, whose hundreds of pending items make it slow to simulate"
              + " (default: ${DEFAULT-VALUE})",
      defaultValue = "10000")
  int workItemCycles;

  @Mixin ResultOptions format = new ResultOptions();

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  /** /proc/sys/user/max_ipc_namespaces on the measured machine (docs/measurements.md §3). */
  static final int IPC_LIMIT = 96364;

  @Override
  public Integer call() {
    if (cycles < 1 || workItemCycles < 1) {
      err().println("mountcheck bench rcu: cycle counts must be positive");
      return 2;
    }
    results.clear();
    long started = System.nanoTime();
    StringWriter text = new StringWriter();
    int status = tables(new PrintWriter(text));
    if (format.text()) out().print(text);
    double seconds = (System.nanoTime() - started) / 1e9;
    List<Result> timed = new ArrayList<>();
    for (Result r : results) timed.add(r.withSeconds(seconds / Math.max(1, results.size())));
    results.clear();
    results.addAll(timed);
    format.emit(out(), results);
    out().flush();
    return status;
  }

  /** Prints the three tables on {@code out} and collects one result per row. */
  private int tables(PrintWriter out) {
    out.println("# RCU lifetime costs (modelled)");
    out.println();
    out.printf(
        "Clock: one task step = 1 tick (%.0f us); normal grace period = %d ticks, expedited = %d"
            + " ticks. Calibrated from the 2023 ipc loop (1.2 s batched, 6 min 19 s synchronous for"
            + " 100,000 cycles) and the 35 us umount (docs/measurements.md §3, §4).%n",
        RcuBench.MICROS_PER_TICK, RcuBench.NORMAL_GP_TICKS, RcuBench.EXPEDITED_GP_TICKS);
    out.println();
    ipcTable(out);
    umountTable(out);
    exitTable(out);
    return 0;
  }

  /** The ipc namespace loop per design. */
  private void ipcTable(PrintWriter out) {
    out.println("## ipc namespace create/destroy loop (one task, ucount limit " + IPC_LIMIT + ")");
    out.println();
    TextTable ipc =
        new TextTable(
            "variant",
            "cycles",
            "grace periods",
            "waited by the caller",
            "namespaces per grace period",
            "modelled time",
            "ENOSPC");
    for (LifetimeDesign v : RcuBench.ipcVariants()) {
      int n = v == LifetimeDesign.IPC_WORK_ITEM ? Math.min(cycles, workItemCycles) : cycles;
      err().println("bench rcu: ipc loop " + v.name() + " x " + n);
      RcuBench.IpcLoop r = RcuBench.ipcLoop(v, n, IPC_LIMIT);
      results.add(
          Result.of("bench rcu", "ipc loop " + v.name(), Verdict.MEASURED)
              .withCount("cycles", n)
              .withCount("grace-periods", r.gpsStarted())
              .withCount("waited-by-caller", r.gpsWaitedByCaller())
              .withCount("enospc", r.enospc())
              .withCount("modelled-us", Math.round(r.ticks() * RcuBench.MICROS_PER_TICK))
              .withMessage("modelled " + seconds(r.ticks()) + " for " + n + " cycles"));
      ipc.add(
          v.name(),
          n,
          r.gpsStarted(),
          r.gpsWaitedByCaller(),
          String.format("%.1f", r.namespacesPerGp()),
          seconds(r.ticks()),
          r.enospc());
    }
    out.print(ipc.markdown());
    out.println();
    out.println(
        "Reference measurement: 6 min 19 s before batching, about 1.2 s after (the 2023 ipc"
            + " batching); 1.57-1.66 s"
            + " measured on 6.18 (docs/measurements.md §3).");
    out.println();
  }

  /** The umount latencies per design. */
  private void umountTable(PrintWriter out) {
    out.println("## umount latency (no readers, no other users)");
    out.println();
    TextTable um =
        new TextTable(
            "variant",
            "umount: GPs waited",
            "umount: time",
            "sb shut down at return",
            "umount -l: GPs waited",
            "umount -l: time",
            "sb shut down at return",
            "cleanup_mnt run by (umount / -l)");
    for (LifetimeDesign v : LifetimeDesign.ALL) {
      RcuBench.UmountCost s = RcuBench.umount(v, false);
      RcuBench.UmountCost l = RcuBench.umount(v, true);
      results.add(umountResult(v, "umount", s));
      results.add(umountResult(v, "umount -l", l));
      um.add(
          v.name(),
          s.gpsWaitedByCaller(),
          micros(s.ticks()),
          s.shutDownAtReturn() ? "yes" : "no",
          l.gpsWaitedByCaller(),
          micros(l.ticks()),
          l.shutDownAtReturn() ? "yes" : "no",
          s.cleanupBy().label() + " / " + l.cleanupBy().label());
    }
    out.print(um.markdown());
    out.println();
    out.println(
        "Reference measurement: every umount costs about 35 us, one expedited grace period, lazy"
            + " or not"
            + " (docs/measurements.md §4).");
    out.println();
  }

  /** The exit of an nsproxy's last user per design. */
  private void exitTable(PrintWriter out) {
    out.println(
        "## exit as the last user of an nsproxy (mount namespace with 1 mount, ipc namespace)");
    out.println();
    TextTable ex =
        new TextTable(
            "variant",
            "GPs waited by the exiting task",
            "grace periods in total",
            "time to reap",
            "1000 exits",
            "cleaned before reap",
            "teardown paid by");
    for (LifetimeDesign v : LifetimeDesign.ALL) {
      RcuBench.ExitCost x = RcuBench.exit(v);
      results.add(
          Result.of("bench rcu", "exit " + v.name(), Verdict.MEASURED)
              .withCount("grace-periods-waited", x.gpsWaitedByTask())
              .withCount("grace-periods", x.gpsStarted())
              .withCount("modelled-us", Math.round(x.ticksToReap() * RcuBench.MICROS_PER_TICK))
              .withMessage(
                  "modelled "
                      + micros(x.ticksToReap())
                      + " to reap; cleaned before reap: "
                      + (x.cleanedBeforeReap() ? "yes" : "no")
                      + "; teardown paid by "
                      + x.cleanupBy().label()));
      ex.add(
          v.name(),
          x.gpsWaitedByTask(),
          x.gpsStarted(),
          micros(x.ticksToReap()),
          seconds(1000 * x.ticksToReap()),
          x.cleanedBeforeReap() ? "yes" : "no",
          x.cleanupBy().label());
    }
    out.print(ex.markdown());
    out.println();
    out.println(
        "Reference measurement: 1000 forks 33 s before and 0.5 s after the 2012 work-item"
            + " proposal; 0.19 s for 1000"
            + " fork+unshare(IPC|NS)+exit on 6.18 (docs/measurements.md §3).");
  }

  private static Result umountResult(LifetimeDesign v, String what, RcuBench.UmountCost c) {
    return Result.of("bench rcu", what + " " + v.name(), Verdict.MEASURED)
        .withCount("grace-periods-waited", c.gpsWaitedByCaller())
        .withCount("modelled-us", Math.round(c.ticks() * RcuBench.MICROS_PER_TICK))
        .withMessage(
            "modelled "
                + micros(c.ticks())
                + "; superblock shut down at return: "
                + (c.shutDownAtReturn() ? "yes" : "no")
                + "; cleanup_mnt run by "
                + c.cleanupBy().label());
  }

  private static String micros(long ticks) {
    return String.format("%.0f us", ticks * RcuBench.MICROS_PER_TICK);
  }

  private static String seconds(long ticks) {
    return String.format("%.2f s", ticks * RcuBench.MICROS_PER_TICK / 1e6);
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
