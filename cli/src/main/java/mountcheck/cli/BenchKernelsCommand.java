package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.ShardRecord;
import mountcheck.cli.results.Verdict;
import mountcheck.engine.Shard;
import mountcheck.experiments.bench.KernelBenchReport;
import mountcheck.experiments.bench.KernelBenchRuns;
import mountcheck.experiments.bench.KernelBenchWork;
import mountcheck.experiments.bench.SeedPredictions;
import mountcheck.experiments.plot.LogLogPlot;
import mountcheck.experiments.seeds.KernelMeasurements;
import mountcheck.experiments.seeds.SeedBench;
import mountcheck.experiments.seeds.SeedBenchPlan;
import mountcheck.kernel.VmBackend;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck bench kernels}: the seeds' experiments on the host and on the guest kernels,
 * one boot each, with the model's predictions beside them.
 */
@Command(
    name = "kernels",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the seeds' experiments on each kernel (the host in a fresh unshare -Urm below /mnt;"
          + " each guest kernel in one QEMU boot with 2 virtual CPUs): 000 the 2017 overlap"
          + " family and umount -l /mnt/1 for N=7..15 (host: ..19; the goals it is judged on"
          + " are data: the experiments' goals.tsv); 002 unshare(CLONE_NEWIPC) one after the"
          + " other, in one process and as an exec chain, and at a low"
          + " user.max_ipc_namespaces, failing or waiting out ENOSPC (guests only); 001 latency"
          + " of umount and umount -l of one tmpfs; 003 reading mountinfo against a regular"
          + " file at 1,000 mounts.",
      "Prints a Markdown table per seed with the model's prediction beside each kernel, the runs,"
          + " and where a kernel differs from the goal or the model. Guest times are TCG times:"
          + " compare ratios across kernels, not seconds with the seeds. Progress goes to stderr.",
      "--shard I/N runs one contiguous block of the list of kernel x experiment items (kernels in"
          + " the order given, experiments in run order), so that each guest is booted by as few"
          + " shards as possible; 'mountcheck merge' combines the shards' JSON results, and their"
          + " CSVs with --csv."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every kernel was measured",
      "2:bad option (nothing was run)",
      "3:a kernel could not be used (the others are reported)"
    })
public final class BenchKernelsCommand implements Callable<Integer>, ResultSource {
  @Option(
      names = "--kernel",
      paramLabel = "K",
      split = ",",
      completionCandidates = KernelConverter.Names.class,
      description =
          "kernels, in order, from ${COMPLETION-CANDIDATES} (default: host, then every guest"
              + " kernel)")
  List<String> kernels;

  @Option(
      names = "--seeds",
      paramLabel = "S",
      split = ",",
      defaultValue = "000,002,001,003",
      description = "experiments to run (default: ${DEFAULT-VALUE})")
  List<String> seeds;

  @Option(
      names = "--guest-to",
      paramLabel = "N",
      defaultValue = "15",
      description =
          "largest N of the overlap family in a guest, 10 to 19 (default: ${DEFAULT-VALUE})")
  @Bounds(min = 10, max = 19)
  int guestTo;

  @Option(
      names = "--host-to",
      paramLabel = "N",
      defaultValue = "19",
      description = "largest N on the host, 10 to 19 (default: ${DEFAULT-VALUE})")
  @Bounds(min = 10, max = 19)
  int hostTo;

  @Option(
      names = "--runs",
      paramLabel = "K",
      defaultValue = "5",
      description = "runs per N of the overlap family, median reported (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(
      names = "--cycles",
      paramLabel = "K",
      defaultValue = "1000",
      description = "umount cycles per mode, seed 001 (default: ${DEFAULT-VALUE})")
  int cycles;

  @Option(
      names = "--ipc-loop",
      paramLabel = "K",
      defaultValue = "1000",
      description = "unshare(CLONE_NEWIPC) calls in one process (default: ${DEFAULT-VALUE})")
  int ipcLoop;

  @Option(
      names = "--ipc-chain",
      paramLabel = "K",
      defaultValue = "200",
      description =
          "namespaces in the exec chain unshare -i unshare -i ... (default: ${DEFAULT-VALUE})")
  int ipcChain;

  @Option(
      names = "--ipc-limit",
      paramLabel = "L",
      defaultValue = "8",
      description =
          "user.max_ipc_namespaces set in each guest for the ENOSPC probe (default:"
              + " ${DEFAULT-VALUE})")
  int ipcLimit;

  @Option(
      names = "--ipc-wait-limit",
      paramLabel = "W",
      defaultValue = "128",
      description =
          "user.max_ipc_namespaces for the seed's own regime in each guest: a loop of 4W"
              + " namespaces that waits out ENOSPC, so that its time per namespace is the rate of"
              + " the kernel's frees (default: ${DEFAULT-VALUE})")
  int ipcWaitLimit;

  @Option(
      names = "--mountinfo-reads",
      paramLabel = "K",
      defaultValue = "100",
      description = "full reads per reader, 2 readers, seed 003 (default: ${DEFAULT-VALUE})")
  int mountinfoReads;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description =
          "also write the CSV (columns: " + KernelBenchReport.CSV_HEADER + "; default: none)")
  Path csv;

  @Option(
      names = "--plots",
      paramLabel = "DIR",
      description =
          "also draw seed-000.png, seed-001.png, seed-002.png, seed-003.png in DIR (default: none)")
  Path plots;

  @Option(
      names = "--markdown",
      paramLabel = "FILE",
      description = "also write the Markdown report to FILE (default: none)")
  Path markdown;

  @Option(
      names = "--raw",
      paramLabel = "DIR",
      description =
          "also write each kernel's raw @@bench lines to DIR/KERNEL.txt (read back by --replay;"
              + " default: none)")
  Path raw;

  @Option(
      names = "--replay",
      paramLabel = "DIR",
      description =
          "run nothing: read the kernels' raw lines from DIR/KERNEL.txt (written by --raw with the"
              + " same options) and report them (default: run the experiments)")
  Path replay;

  /**
   * Guest mount and mountpoint hash tables of 1,048,576 buckets, 16 times seed 000's largest table
   * (65,537 mounts), so that hash chains stay short at every N and the times follow
   * propagate_umount's own work. A 1 GiB guest gets 2,048 buckets (alloc_large_system_hash sizes
   * them by memory), and even the host's 65,536 leave 6.1 above 2.5x per doubling
   * (docs/measurements.md §8a).
   */
  static final String SHORT_MOUNT_HASH_CHAINS = "mhash_entries=1048576 mphash_entries=1048576";

  @Option(
      names = "--guest-append",
      paramLabel = "PARAMS",
      defaultValue = SHORT_MOUNT_HASH_CHAINS,
      description =
          "kernel parameters for every guest (default: ${DEFAULT-VALUE}, mount hash tables"
              + " large enough for seed 000's largest N; '' for the guest's own sizes)")
  String guestAppend;

  @Option(
      names = "--guest-memory",
      paramLabel = "MIB",
      defaultValue = "" + SeedBench.GUEST_MEMORY_MB,
      description =
          "memory of each guest in MiB (default: ${DEFAULT-VALUE}; --guest-to 19 builds 1,048,577"
              + " mounts and needs about 4096)")
  @Bounds(min = 256, max = 16384)
  int guestMemory;

  @Option(
      names = "--boot-limit",
      paramLabel = "S",
      defaultValue = "240",
      description = "seconds a guest may take to boot (default: ${DEFAULT-VALUE})")
  int bootLimit;

  @Option(
      names = "--kernel-limit",
      paramLabel = "S",
      defaultValue = "900",
      description = "seconds each kernel's experiments may take (default: ${DEFAULT-VALUE})")
  int kernelLimit;

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      converter = ShardConverter.class,
      description =
          "run only shard I of N (0 <= I < N): the I-th of N contiguous blocks of the kernel x"
              + " experiment items; the N shards do exactly the unsharded run's items, recorded in"
              + " every JSON result and CSV row (default: 0/1, everything)")
  Shard shard = Shard.WHOLE;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    checkOptions();
    long start = System.nanoTime();
    KernelBenchWork work = new KernelBenchWork(kernels, seeds);
    Map<String, List<String>> owned = work.seedsByKernel(shard);
    err.println("bench kernels: shard " + shard + ": " + describe(owned, work.items().size()));
    KernelBenchRuns runs =
        new KernelBenchRuns(
            replay,
            raw,
            new KernelBenchRuns.Guest(guestMemory, guestAppend, bootLimit, kernelLimit),
            RepoPaths.home(),
            line -> say(err, line));
    List<KernelBenchReport.Entry> entries = new ArrayList<>();
    for (Map.Entry<String, List<String>> kernelSeeds : owned.entrySet()) {
      String k = kernelSeeds.getKey();
      say(err, k + " ...");
      Kernel kernel = Kernels.byName(k).orElseThrow();
      KernelBenchReport.Entry e =
          runs.measure(kernel, plan(kernel.isHost(), kernelSeeds.getValue()));
      entries.add(e);
      if (e.measurements() != null)
        say(err, String.format(Locale.ROOT, "%s done (%.0f s since the start)", k, seconds(start)));
    }
    double total = seconds(start);
    KernelBenchReport report =
        new KernelBenchReport(new SeedPredictions(), entries).withShard(shard.toString());
    String text =
        (shard.whole()
                ? ""
                : "Shard "
                    + shard
                    + " of the kernel x experiment items: "
                    + owned.toString().replace("=", ": ")
                    + ".\n\n")
            + report.markdown()
            + (replay != null
                ? ""
                : String.format(
                    Locale.ROOT, "%nWhole run: %.0f s (%.1f min).%n", total, total / 60));
    if (format.text()) out.print(text);
    results.clear();
    for (KernelBenchReport.Entry e : entries) results.addAll(resultsOf(e, work));
    format.emit(out, results);
    out.flush();
    write(report, text, err);
    return entries.stream().anyMatch(e -> e.failure() != null) ? 3 : 0;
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  /** The items a shard owns, for the first line on stderr. */
  private String describe(Map<String, List<String>> owned, int items) {
    return owned.isEmpty()
        ? "no items of " + items
        : "items "
            + shard.blockStart(items)
            + ".."
            + (shard.blockEnd(items) - 1)
            + " of "
            + items
            + " ("
            + owned.toString().replace("=", ": ")
            + ")";
  }

  /** The Markdown report, the CSV and the plots, where the options ask for them. */
  private void write(KernelBenchReport report, String text, PrintWriter err) throws IOException {
    if (markdown != null) {
      createParent(markdown);
      Files.writeString(markdown, text, StandardCharsets.UTF_8);
      err.println("bench kernels: wrote " + markdown);
    }
    if (csv != null) {
      createParent(csv);
      Files.writeString(csv, report.csv(), StandardCharsets.UTF_8);
      err.println("bench kernels: wrote " + csv);
    }
    if (plots != null) {
      Files.createDirectories(plots);
      for (Map.Entry<String, List<LogLogPlot>> p : report.plots().entrySet()) {
        Path file = plots.resolve(p.getKey() + ".png");
        LogLogPlot.write(file, p.getValue());
        err.println("bench kernels: wrote " + file);
      }
    }
    err.flush();
  }

  /** An output file may name a directory that does not exist yet (verify's report directory). */
  private static void createParent(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) Files.createDirectories(parent);
  }

  /** The plan for the host or a guest from the options, for the experiments {@code owned}. */
  SeedBenchPlan plan(boolean host, List<String> owned) {
    return new SeedBenchPlan(
        SeedBenchPlan.ALL_SEEDS.stream().filter(owned::contains).toList(),
        SeedBenchPlan.range(SeedBenchPlan.SMALLEST_N, host ? hostTo : guestTo),
        runs,
        ipcChain,
        ipcLoop,
        4,
        host ? 0 : ipcLimit,
        host ? 0 : ipcWaitLimit,
        cycles,
        List.of(100, 1000),
        mountinfoReads,
        2);
  }

  private List<Result> resultsOf(KernelBenchReport.Entry e, KernelBenchWork work) {
    List<Result> out = new ArrayList<>();
    KernelMeasurements m = e.measurements();
    int items = work.items().size();
    if (m == null) {
      for (String s : e.plan().seeds())
        out.add(
            Result.of("bench kernels", e.kernel() + " seed " + s, Verdict.ERROR)
                .withMessage("cannot be used: " + e.failure())
                .withShard(
                    ShardRecord.item(shard, e.kernel(), work.indexOf(e.kernel(), s), items)));
      return out;
    }
    for (String s : e.plan().seeds()) {
      Result r =
          Result.of("bench kernels", e.kernel() + " seed " + s, Verdict.MEASURED)
              .withMessage(KernelBenchReport.summary(m, s))
              .withShard(ShardRecord.item(shard, e.kernel(), work.indexOf(e.kernel(), s), items));
      switch (s) {
        case "000" -> {
          for (int n : e.plan().umountNs()) {
            var v = m.umountMedian(n);
            if (v.isPresent()) r = r.withCount("umount_ns_n" + n, Math.round(v.getAsDouble()));
          }
        }
        case "002" -> {
          var loop = KernelBenchReport.loopPerNamespace(m);
          if (loop.isPresent())
            r = r.withCount("loop_ns_per_namespace", Math.round(loop.getAsDouble()));
          var wait = m.ipcWait().map(w -> w.nanosPerNamespacePastLimit());
          if (wait.isPresent() && wait.get().isPresent())
            r =
                r.withCount(
                    "wait_ns_per_namespace_past_limit", Math.round(wait.get().getAsDouble()));
          var net = KernelBenchReport.chainNetPerNamespace(m);
          if (net.isPresent())
            r = r.withCount("chain_net_ns_per_namespace", Math.round(net.getAsDouble()));
        }
        case "001" -> {
          var sync = m.latency().get("sync");
          var lazy = m.latency().get("lazy");
          if (sync != null) r = r.withCount("umount_p50_ns", Math.round(sync.median()));
          if (lazy != null) r = r.withCount("umount_lazy_p50_ns", Math.round(lazy.median()));
          var bind = m.latency().get("bind");
          if (bind != null) r = r.withCount("umount_bind_p50_ns", Math.round(bind.median()));
        }
        case "003" -> {
          if (!m.mountinfo().isEmpty()) {
            var last = m.mountinfo().get(m.mountinfo().size() - 1);
            r =
                r.withCount("mounts", last.lines())
                    .withCount("ratio_x1000", Math.round(last.ratio() * 1000));
          }
        }
        default -> {}
      }
      Long at = m.seedNanos().get(s);
      if (at != null) r = r.withSeconds(at / 1e9);
      if (!m.complete() || e.failure() != null)
        r =
            r.withVerdict(Verdict.ERROR)
                .withMessage(e.failure() != null ? e.failure() : "cut short");
      out.add(r);
    }
    return out;
  }

  private void checkOptions() {
    if (kernels == null) {
      kernels = new ArrayList<>(List.of(Kernels.host().name()));
      Kernels.guests().forEach(k -> kernels.add(k.name()));
    }
    for (String k : kernels)
      if (Kernels.byName(k).isEmpty())
        throw usage("unknown kernel '" + k + "'; choose one of " + Kernels.names());
    if (kernels.isEmpty() || kernels.size() != Set.copyOf(kernels).size())
      throw usage("--kernel must name each kernel once");
    for (String s : seeds)
      if (!SeedBenchPlan.ALL_SEEDS.contains(s))
        throw usage("unknown seed '" + s + "'; choose from " + SeedBenchPlan.ALL_SEEDS);
    if (runs < 1
        || cycles < 1
        || ipcLoop < 1
        || ipcChain < 1
        || ipcLimit < 1
        || ipcWaitLimit < 1
        || mountinfoReads < 1) throw usage("counts must be positive");
    if (bootLimit < 1 || kernelLimit < 1) throw usage("limits must be positive");
    if (replay != null && !Files.isDirectory(replay))
      throw usage("--replay " + replay + ": not a directory");
    if (replay == null
        && kernels.stream().anyMatch(k -> Kernels.byName(k).map(Kernel::isGuest).orElse(false))
        && VmBackend.qemuMissing() != null)
      spec.commandLine().getErr().println("bench kernels: " + VmBackend.qemuMissing());
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  private static void say(PrintWriter err, String line) {
    err.println("bench kernels: " + line);
    err.flush();
  }
}
