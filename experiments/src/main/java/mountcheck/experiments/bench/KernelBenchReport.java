package mountcheck.experiments.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.experiments.plot.LogLogPlot;
import mountcheck.experiments.seeds.KernelMeasurements;
import mountcheck.experiments.seeds.KernelMeasurements.IpcRun;
import mountcheck.experiments.seeds.KernelMeasurements.Latency;
import mountcheck.experiments.seeds.KernelMeasurements.MountinfoRead;
import mountcheck.experiments.seeds.SeedBenchPlan;
import mountcheck.model.rcu.LifetimeDesign;

/**
 * The results of {@code bench kernels}: per seed a Markdown table with one row per kernel and the
 * model's prediction beside it, the CSV (one row per measured quantity, see {@link #CSV_HEADER}),
 * log-log plots (kernels as series, the model beside), and the findings where a kernel's shape
 * differs from the goal or from the model.
 */
public final class KernelBenchReport {
  /**
   * At most this time ratio per doubling of mounts counts as linear (seed 000); a goal of the
   * experiment, read from its data ({@link BenchGoals}).
   */
  public static final double LINEAR_RATIO = BenchGoals.STANDARD.number("kernels.linear-ratio");

  /**
   * The fall of seed 002's time per namespace from {@link #IPC_BEFORE} to {@link #IPC_AFTER} that
   * the experiment expects, judged on the loop that waits for pending frees at the ucount limit
   * (the seed's own regime); goal data ({@link BenchGoals}).
   */
  public static final double IPC_FALL = BenchGoals.STANDARD.number("kernels.ipc-fall");

  /** The kernel before the batched ipc namespace frees, and the one after (goal data). */
  public static final String IPC_BEFORE = BenchGoals.STANDARD.text("kernels.ipc-before");

  public static final String IPC_AFTER = BenchGoals.STANDARD.text("kernels.ipc-after");

  /**
   * The CSV's columns: {@code kernel} (host, 5.10, ...), {@code release} (osrelease), {@code seed}
   * (000, 001, 002, 003), {@code measure} (what was measured, see {@link #csv}), {@code x} (the
   * size: N, namespaces, cycles or mounts), {@code value} (empty when not measured), {@code unit},
   * {@code samples} (runs, cycles or reads behind the value), {@code model} (generation or
   * variant), {@code model_value}, {@code model_unit}, {@code note} (an error, an outcome), {@code
   * shard} ({@code I/N} of {@code bench kernels --shard}, {@code 0/1} unsharded).
   */
  public static final String CSV_HEADER =
      "kernel,release,seed,measure,x,value,unit,samples,model,model_value,model_unit,note,shard";

  /** The caveat printed with every table. */
  public static final String TCG_NOTE =
      "Guest kernels run under QEMU TCG (emulated CPUs): their times are not native times. Compare"
          + " ratios across kernels of the same run (before and after each change), never absolute"
          + " seconds with the seeds' own numbers.";

  /**
   * One kernel's run.
   *
   * @param bootSeconds seconds to the guest's first line (NaN on the host)
   * @param runSeconds seconds of the experiments
   * @param failure null, or why the run stopped early or could not start
   */
  public record Entry(
      String kernel,
      KernelMeasurements measurements,
      SeedBenchPlan plan,
      double bootSeconds,
      double runSeconds,
      String failure) {}

  private final SeedPredictions model;
  private final List<Entry> entries;
  private final String shard;

  public KernelBenchReport(SeedPredictions model, List<Entry> entries) {
    this(model, entries, "0/1");
  }

  private KernelBenchReport(SeedPredictions model, List<Entry> entries, String shard) {
    this.model = model;
    this.entries = List.copyOf(entries);
    this.shard = shard;
  }

  /** The same report for shard {@code shard} ({@code I/N}), which its CSV rows record. */
  public KernelBenchReport withShard(String shard) {
    return new KernelBenchReport(model, entries, shard);
  }

  public List<Entry> entries() {
    return entries;
  }

  private List<Entry> measured() {
    return entries.stream().filter(e -> e.measurements() != null).toList();
  }

  // ---------------------------------------------------------------- seed 000

  /** Measured N of a kernel, ascending. */
  private static List<Integer> measuredNs(KernelMeasurements m) {
    return new TreeSet<>(
            m.umount().stream()
                .filter(KernelMeasurements.UmountRun::measured)
                .map(KernelMeasurements.UmountRun::n)
                .toList())
        .stream().toList();
  }

  /**
   * The range of N for seed 000 on which its goal ({@link #LINEAR_RATIO} per doubling) is judged;
   * goal data ({@link BenchGoals}).
   */
  public static final int GOAL_FROM = BenchGoals.STANDARD.whole("kernels.from");

  public static final int GOAL_TO = BenchGoals.STANDARD.whole("kernels.to");

  /**
   * The small family, N=7..12 (257 to 8,193 mounts, a few MiB of struct mount): its mounts stay in
   * a CPU's caches, so its time follows the work alone.
   */
  public static final int SMALL_FROM = 7;

  public static final int SMALL_TO = 12;

  /**
   * The time ratio per doubling of mounts: 2 to the slope of the least-squares line through (log2
   * mounts, log2 median time) over every measured N. A fit over all points, not the ratio of the
   * two ends, so that one noisy end point under TCG does not decide the shape.
   */
  public static OptionalDouble umountRatio(KernelMeasurements m) {
    return umountRatio(m, 0, Integer.MAX_VALUE);
  }

  /**
   * {@link #umountRatio(KernelMeasurements)} over the measured N from {@code from} to {@code to}.
   */
  public static OptionalDouble umountRatio(KernelMeasurements m, int from, int to) {
    List<Integer> ns = measuredNs(m).stream().filter(n -> n >= from && n <= to).toList();
    if (ns.size() < 2) return OptionalDouble.empty();
    double[] x = new double[ns.size()];
    double[] y = new double[ns.size()];
    double meanX = 0;
    double meanY = 0;
    for (int i = 0; i < ns.size(); i++) {
      x[i] = log2(mounts(ns.get(i)));
      y[i] = log2(m.umountMedian(ns.get(i)).getAsDouble());
      meanX += x[i] / x.length;
      meanY += y[i] / y.length;
    }
    double covariance = 0;
    double variance = 0;
    for (int i = 0; i < x.length; i++) {
      covariance += (x[i] - meanX) * (y[i] - meanY);
      variance += (x[i] - meanX) * (x[i] - meanX);
    }
    return OptionalDouble.of(Math.pow(2, covariance / variance));
  }

  /** The ratio on which the goal is judged: over N={@link #GOAL_FROM}..{@link #GOAL_TO}. */
  public static OptionalDouble goalRatio(KernelMeasurements m) {
    return umountRatio(m, GOAL_FROM, GOAL_TO);
  }

  /** MiB of struct mount's slab after building N, when it was read. */
  private static String slabMib(KernelMeasurements m, int n) {
    Long b = m.mountSlabBytes().get(n);
    return b == null ? "-" : UmountBenchReport.decimal(b / 1048576.0, 3);
  }

  /** The largest time ratio between consecutive measured N. */
  public static OptionalDouble umountWorstStep(KernelMeasurements m) {
    List<Integer> ns = measuredNs(m);
    double worst = Double.NaN;
    for (int i = 1; i < ns.size(); i++) {
      double r =
          Math.pow(
              m.umountMedian(ns.get(i)).getAsDouble() / m.umountMedian(ns.get(i - 1)).getAsDouble(),
              1.0 / (ns.get(i) - ns.get(i - 1)));
      if (Double.isNaN(worst) || r > worst) worst = r;
    }
    return Double.isNaN(worst) ? OptionalDouble.empty() : OptionalDouble.of(worst);
  }

  private double modelWorkRatio(String generation, int a, int b) {
    return Math.pow(
        (double) model.umountWork(generation, b) / model.umountWork(generation, a),
        1 / log2((double) mounts(b) / mounts(a)));
  }

  public String umountTable() {
    MarkdownTable t =
        new MarkdownTable(
                "kernel",
                "release",
                "generation (model)",
                "N measured",
                "s at N=" + GOAL_FROM,
                "s at largest N",
                "time x per doubling, N=" + GOAL_FROM + ".." + GOAL_TO,
                "N=" + SMALL_FROM + ".." + SMALL_TO,
                "all N",
                "largest step",
                "model work x per doubling",
                "<= " + LINEAR_RATIO + " (N=" + GOAL_FROM + ".." + GOAL_TO + ")",
                "mount slab MiB at N=" + SMALL_TO + " / " + GOAL_TO,
                "L2 / L3",
                "not measured")
            .rightAligned(4, 5, 6, 7, 8, 9, 10);
    for (Entry e : measured()) {
      KernelMeasurements m = e.measurements();
      List<Integer> ns = measuredNs(m);
      String gen = SeedPredictions.generation(e.kernel());
      OptionalDouble goal = goalRatio(m);
      List<String> missing = new ArrayList<>();
      for (int n : e.plan().umountNs())
        m.umountError(n).ifPresent(err -> missing.add("N=" + n + ": " + err));
      String caches = infoValue(m.info(), "l2") + " / " + infoValue(m.info(), "l3");
      if (ns.isEmpty()) {
        t.row(
            e.kernel(),
            m.release(),
            gen,
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            caches,
            join(missing));
        continue;
      }
      int a = ns.get(0);
      int b = ns.get(ns.size() - 1);
      OptionalDouble atGoalStart = m.umountMedian(GOAL_FROM);
      t.row(
          e.kernel(),
          m.release(),
          gen,
          a == b ? "" + a : a + ".." + b,
          atGoalStart.isPresent() ? seconds(atGoalStart.getAsDouble() / 1e9) : "-",
          seconds(m.umountMedian(b).getAsDouble() / 1e9),
          ratioText(goal),
          ratioText(umountRatio(m, SMALL_FROM, SMALL_TO)),
          ratioText(umountRatio(m)),
          ratioText(umountWorstStep(m)),
          a == b ? "-" : fixed(modelWorkRatio(gen, a, b), 2),
          goal.isPresent() ? (goal.getAsDouble() <= LINEAR_RATIO ? "yes" : "**no**") : "-",
          slabMib(m, SMALL_TO) + " / " + slabMib(m, GOAL_TO),
          caches,
          join(missing));
    }
    return t.render();
  }

  private static String ratioText(OptionalDouble r) {
    return r.isPresent() ? fixed(r.getAsDouble(), 2) : "-";
  }

  /** Rows per N: mounts, each kernel's median seconds, and the model's work per generation. */
  public String umountDetailTable() {
    List<Entry> es = measured();
    TreeSet<Integer> ns = new TreeSet<>();
    for (Entry e : es) ns.addAll(e.plan().umountNs());
    List<String> gens =
        es.stream().map(e -> SeedPredictions.generation(e.kernel())).distinct().sorted().toList();
    List<String> header = new ArrayList<>(List.of("N", "mounts"));
    for (Entry e : es) header.add(e.kernel() + " ms");
    for (String g : gens) header.add("model " + g + " work");
    MarkdownTable t = new MarkdownTable(header);
    for (int c = 0; c < header.size(); c++) t.rightAligned(c);
    for (int n : ns) {
      List<Object> row = new ArrayList<>(List.of(n, mounts(n)));
      for (Entry e : es) {
        OptionalDouble v = e.measurements().umountMedian(n);
        row.add(
            v.isPresent()
                ? UmountBenchReport.decimal(v.getAsDouble() / 1e6, 3)
                : e.plan().umountNs().contains(n)
                    ? e.measurements().umountError(n).map(s -> s.replace(' ', '\u00a0')).orElse("-")
                    : "");
      }
      for (String g : gens) row.add(model.umountWork(g, n));
      t.row(row.toArray());
    }
    return t.render();
  }

  // ---------------------------------------------------------------- seed 002

  private static OptionalDouble perNamespace(Optional<IpcRun> r) {
    if (r.isEmpty() || !r.get().ok() || r.get().planned() == 0) return OptionalDouble.empty();
    return OptionalDouble.of(r.get().nanos() / (double) r.get().planned());
  }

  /** Nanoseconds per namespace of the loop in one process (perl's unshare calls). */
  public static OptionalDouble loopPerNamespace(KernelMeasurements m) {
    return perNamespace(m.ipc("loop"));
  }

  /** Nanoseconds per namespace of the exec chain, less the same chain without namespaces. */
  public static OptionalDouble chainNetPerNamespace(KernelMeasurements m) {
    OptionalDouble chain = perNamespace(m.ipc("chain"));
    OptionalDouble exec = perNamespace(m.ipc("exec"));
    if (chain.isEmpty() || exec.isEmpty()) return OptionalDouble.empty();
    return OptionalDouble.of(chain.getAsDouble() - exec.getAsDouble());
  }

  public String ipcTable() {
    MarkdownTable t =
        new MarkdownTable(
                "kernel",
                "model variant",
                "model: GPs per ns",
                "model: GPs the caller waits per ns",
                "loop: µs per ns",
                "exec chain: ms per ns",
                "exec only: ms per step",
                "chain - exec: ms per ns",
                "limit L",
                "chain of 4L at L",
                "L+1 held",
                "loop of 4L at L: made, µs per ns",
                "model at L: ENOSPC")
            .rightAligned(2, 3, 4, 5, 6, 7, 8);
    for (Entry e : measured()) {
      KernelMeasurements m = e.measurements();
      LifetimeDesign v = SeedPredictions.ipcVariant(e.kernel());
      int k = e.plan().ipcLoop();
      RcuBench.IpcLoop p = model.ipcLoop(v, k, SeedPredictions.DEFAULT_IPC_LIMIT);
      OptionalDouble loop = loopPerNamespace(m);
      OptionalDouble chain = perNamespace(m.ipc("chain"));
      OptionalDouble exec = perNamespace(m.ipc("exec"));
      OptionalDouble net = chainNetPerNamespace(m);
      int l = e.plan().ipcLimit();
      boolean probed = !m.ipcLimits().isEmpty() || m.ipc("loop-limit").isPresent();
      String modelAtLimit = "-";
      if (probed && l > 0) {
        RcuBench.IpcLoop pl = model.ipcLoop(v, 4 * l, l);
        modelAtLimit = pl.enospc() + (pl.enospc() > 0 ? " (fails)" : " (waits)");
      }
      Optional<IpcRun> ll = m.ipc("loop-limit");
      t.row(
          e.kernel(),
          v.name(),
          fixed(p.gpsStarted() / (double) k, 3),
          fixed(p.gpsWaitedByCaller() / (double) k, 3),
          loop.isPresent() ? UmountBenchReport.decimal(loop.getAsDouble() / 1e3, 3) : "-",
          chain.isPresent() ? UmountBenchReport.decimal(chain.getAsDouble() / 1e6, 3) : "-",
          exec.isPresent() ? UmountBenchReport.decimal(exec.getAsDouble() / 1e6, 3) : "-",
          net.isPresent() ? UmountBenchReport.decimal(net.getAsDouble() / 1e6, 3) : "-",
          probed ? l : "-",
          m.ipcLimit("chain").map(KernelMeasurements.IpcLimit::outcome).orElse("-"),
          m.ipcLimit("held").map(KernelMeasurements.IpcLimit::outcome).orElse("-"),
          ll.map(
                  r ->
                      r.done()
                          + "/"
                          + r.planned()
                          + (r.ok() ? "" : " " + errnoName(r.outcome()))
                          + (r.done() > 0
                              ? ", " + UmountBenchReport.decimal(r.nanos() / 1e3 / r.done(), 3)
                              : ""))
              .orElse("-"),
          modelAtLimit);
    }
    return t.render();
  }

  /**
   * The seed's own regime: a loop of 4W namespaces at user.max_ipc_namespaces = W that waits out
   * ENOSPC, one row per kernel that ran it, with the model's loop beside it ({@link
   * SeedPredictions#waitingVariant}).
   */
  public String ipcWaitTable() {
    MarkdownTable t =
        new MarkdownTable(
                "kernel",
                "limit W",
                "namespaces",
                "made",
                "ENOSPC retries",
                "µs per ns past W",
                "µs per ns, whole loop",
                "model variant",
                "model: GPs per ns",
                "model: ticks per ns past W")
            .rightAligned(1, 2, 3, 4, 5, 6, 8, 9);
    for (Entry e : measured()) {
      Optional<KernelMeasurements.IpcWait> w = e.measurements().ipcWait();
      if (w.isEmpty()) continue;
      KernelMeasurements.IpcWait r = w.get();
      LifetimeDesign v = SeedPredictions.waitingVariant(e.kernel());
      RcuBench.IpcLoop p = model.ipcLoop(v, r.planned(), r.limit());
      OptionalDouble past = r.nanosPerNamespacePastLimit();
      t.row(
          e.kernel(),
          r.limit(),
          r.planned(),
          r.made() + (r.ok() ? "" : " " + errnoName(r.outcome())),
          r.enospcRetries(),
          past.isPresent() ? UmountBenchReport.decimal(past.getAsDouble() / 1e3, 3) : "-",
          r.made() > 0 ? UmountBenchReport.decimal(r.nanos() / 1e3 / r.made(), 3) : "-",
          v.name(),
          fixed(p.gpsStarted() / (double) r.planned(), 3),
          fixed(modelWaitTicks(e.kernel(), r), 1));
    }
    return t.render();
  }

  /**
   * The model's loop like a kernel's waiting loop (its {@link SeedPredictions#waitingVariant}, the
   * same namespaces and limit): ticks per namespace past the limit, timed as the bench times it.
   */
  private double modelWaitTicks(String kernel, KernelMeasurements.IpcWait w) {
    return model
        .ipcLoop(SeedPredictions.waitingVariant(kernel), w.planned(), w.limit())
        .ticksPerNamespacePast(w.limit());
  }

  /**
   * The ratio of the time per namespace past the limit of the waiting loop between two kernels (the
   * seed's before and after), when both ran it.
   */
  public Optional<Double> ipcFall(String before, String after) {
    OptionalDouble tb = waitPerNamespace(before);
    OptionalDouble ta = waitPerNamespace(after);
    if (tb.isEmpty() || ta.isEmpty()) return Optional.empty();
    return Optional.of(tb.getAsDouble() / ta.getAsDouble());
  }

  /** The same ratio in the model: ticks per namespace past the limit, before over after. */
  public Optional<Double> modelIpcFall(String before, String after) {
    Optional<Entry> b = entry(before);
    Optional<Entry> a = entry(after);
    if (b.isEmpty() || a.isEmpty()) return Optional.empty();
    Optional<KernelMeasurements.IpcWait> wb = b.get().measurements().ipcWait();
    Optional<KernelMeasurements.IpcWait> wa = a.get().measurements().ipcWait();
    if (wb.isEmpty() || wa.isEmpty()) return Optional.empty();
    return Optional.of(modelWaitTicks(before, wb.get()) / modelWaitTicks(after, wa.get()));
  }

  /** The ratio of the free loop's time per namespace (no limit) between two kernels. */
  public Optional<Double> freeLoopRatio(String before, String after) {
    Optional<Entry> b = entry(before);
    Optional<Entry> a = entry(after);
    if (b.isEmpty() || a.isEmpty()) return Optional.empty();
    OptionalDouble tb = loopPerNamespace(b.get().measurements());
    OptionalDouble ta = loopPerNamespace(a.get().measurements());
    if (tb.isEmpty() || ta.isEmpty()) return Optional.empty();
    return Optional.of(tb.getAsDouble() / ta.getAsDouble());
  }

  private OptionalDouble waitPerNamespace(String kernel) {
    return entry(kernel)
        .flatMap(e -> e.measurements().ipcWait())
        .filter(KernelMeasurements.IpcWait::ok)
        .map(KernelMeasurements.IpcWait::nanosPerNamespacePastLimit)
        .orElse(OptionalDouble.empty());
  }

  private Optional<Entry> entry(String kernel) {
    return measured().stream().filter(e -> e.kernel().equals(kernel)).findFirst();
  }

  // ---------------------------------------------------------------- seed 001

  public String latencyTable() {
    RcuBench.UmountCost s = model.umount(false);
    RcuBench.UmountCost l = model.umount(true);
    MarkdownTable t =
        new MarkdownTable(
                "kernel",
                "cycles",
                "umount p50 µs",
                "umount p90 µs",
                "umount -l p50 µs",
                "umount -l p90 µs",
                "umount of a bind p50 µs",
                "failed",
                "model (mainline): GPs waited, umount / -l",
                "model: µs, umount / -l")
            .rightAligned(1, 2, 3, 4, 5, 6, 7);
    for (Entry e : measured()) {
      Latency sync = e.measurements().latency().get("sync");
      Latency lazy = e.measurements().latency().get("lazy");
      Latency bind = e.measurements().latency().get("bind");
      t.row(
          e.kernel(),
          sync == null ? "-" : sync.nanos().length,
          micros(sync, 50),
          micros(sync, 90),
          micros(lazy, 50),
          micros(lazy, 90),
          micros(bind, 50),
          (sync == null ? 0 : sync.failed())
              + (lazy == null ? 0 : lazy.failed())
              + (bind == null ? 0 : bind.failed()),
          s.gpsWaitedByCaller() + " / " + l.gpsWaitedByCaller(),
          fixed(SeedPredictions.micros(s.ticks()), 0)
              + " / "
              + fixed(SeedPredictions.micros(l.ticks()), 0));
    }
    return t.render();
  }

  private static String micros(Latency l, double percentile) {
    if (l == null || l.nanos().length == 0) return "-";
    double v = percentile == 50 ? l.median() : l.percentile(percentile);
    return UmountBenchReport.decimal(v / 1e3, 3);
  }

  // ---------------------------------------------------------------- seed 003

  public String mountinfoTable() {
    MarkdownTable t =
        new MarkdownTable(
                "kernel",
                "mounts added",
                "mountinfo lines",
                "bytes",
                "readers x reads",
                "mountinfo s",
                "file s",
                "mountinfo / file",
                "ratios at smaller sizes")
            .rightAligned(1, 2, 3, 5, 6, 7);
    for (Entry e : measured()) {
      List<MountinfoRead> rs = e.measurements().mountinfo();
      if (rs.isEmpty()) {
        t.row(e.kernel(), "-", "-", "-", "-", "-", "-", "-", "-");
        continue;
      }
      MountinfoRead r = rs.get(rs.size() - 1);
      List<String> smaller = new ArrayList<>();
      for (MountinfoRead s : rs.subList(0, rs.size() - 1))
        smaller.add(s.size() + ": " + fixed(s.ratio(), 1));
      t.row(
          e.kernel(),
          r.size(),
          r.lines(),
          r.bytes(),
          r.readers() + " x " + r.reads(),
          seconds(r.mountinfoNanos() / 1e9),
          seconds(r.fileNanos() / 1e9),
          fixed(r.ratio(), 1),
          String.join(", ", smaller));
    }
    return t.render();
  }

  // ---------------------------------------------------------------- run times

  public String runTable() {
    MarkdownTable t =
        new MarkdownTable(
                "kernel", "release", "boot s", "run s", "per seed s", "CPUs etc.", "problems")
            .rightAligned(2, 3);
    for (Entry e : entries) {
      KernelMeasurements m = e.measurements();
      List<String> per = new ArrayList<>();
      if (m != null) {
        long prev = 0;
        for (String s : SeedBenchPlan.ALL_SEEDS) {
          Long at = m.seedNanos().get(s);
          if (at == null) continue;
          per.add(s + ": " + fixed((at - prev) / 1e9, 1));
          prev = at;
        }
      }
      List<String> problems = new ArrayList<>();
      if (e.failure() != null) problems.add(e.failure());
      if (m != null) problems.addAll(m.problems());
      t.row(
          e.kernel(),
          m == null ? "-" : m.release(),
          Double.isNaN(e.bootSeconds()) ? "-" : fixed(e.bootSeconds(), 1),
          Double.isNaN(e.runSeconds()) ? "-" : fixed(e.runSeconds(), 1),
          String.join(", ", per),
          m == null ? "" : shortInfo(m.info()),
          join(problems));
    }
    return t.render();
  }

  private static String shortInfo(String info) {
    int v = info.indexOf(" version=");
    String head = v < 0 ? info : info.substring(0, v);
    String version = v < 0 ? "" : info.substring(v + " version=".length());
    String preempt =
        version.contains("PREEMPT_DYNAMIC")
            ? "PREEMPT_DYNAMIC"
            : version.contains("PREEMPT_RT")
                ? "PREEMPT_RT"
                : version.contains("PREEMPT") ? "PREEMPT" : "no PREEMPT in version";
    return head + " " + preempt;
  }

  // ---------------------------------------------------------------- findings

  /**
   * Where a kernel misses a goal of the issue or differs from the model in shape, one line each;
   * the explanations are in docs/measurements.md §8.
   */
  public List<String> findings() {
    List<String> out = new ArrayList<>();
    for (Entry e : measured()) {
      KernelMeasurements m = e.measurements();
      OptionalDouble r = goalRatio(m);
      if (r.isPresent() && r.getAsDouble() > LINEAR_RATIO) {
        OptionalDouble small = umountRatio(m, SMALL_FROM, SMALL_TO);
        OptionalDouble top = umountRatio(m, GOAL_TO - 2, GOAL_TO);
        out.add(
            String.format(
                    Locale.ROOT,
                    "seed 000, %s: time x%.2f per doubling of mounts over N=%d..%d (goal <= %.1f);"
                        + " the model's work grows x2.00",
                    e.kernel(),
                    r.getAsDouble(),
                    GOAL_FROM,
                    GOAL_TO,
                    LINEAR_RATIO)
                + (small.isPresent()
                    ? String.format(
                        Locale.ROOT,
                        "; x%.2f over N=%d..%d (mount slab %s MiB at N=%d)",
                        small.getAsDouble(),
                        SMALL_FROM,
                        SMALL_TO,
                        slabMib(m, SMALL_TO),
                        SMALL_TO)
                    : "")
                + (top.isPresent()
                    ? String.format(
                        Locale.ROOT,
                        ", x%.2f over N=%d..%d (%s MiB at N=%d); CPU caches L2 %s, L3 %s",
                        top.getAsDouble(),
                        GOAL_TO - 2,
                        GOAL_TO,
                        slabMib(m, GOAL_TO),
                        GOAL_TO,
                        infoValue(m.info(), "l2"),
                        infoValue(m.info(), "l3"))
                    : ""));
      }
      for (int n : e.plan().umountNs())
        m.umountError(n)
            .ifPresent(
                err ->
                    out.add(
                        "seed 000, "
                            + e.kernel()
                            + ": N="
                            + n
                            + " ("
                            + mounts(n)
                            + " mounts) not measured: "
                            + err
                            + (err.contains("ENOSPC")
                                ? " (fs.mount-max "
                                    + infoValue(m.info(), "mount-max")
                                    + "; never raised on the host)"
                                : "")));
      boolean flushes = SeedPredictions.flushesAtLimit(e.kernel());
      Optional<IpcRun> atLimit = m.ipc("loop-limit");
      if (atLimit.isPresent()) {
        boolean failed = !atLimit.get().ok();
        if (failed == flushes)
          out.add(
              "seed 002, "
                  + e.kernel()
                  + ": the loop at max_ipc_namespaces="
                  + e.plan().ipcLimit()
                  + " "
                  + (failed ? "failed with " + errnoName(atLimit.get().outcome()) : "succeeded")
                  + ", the kernel's series "
                  + (flushes ? "should wait for pending frees" : "should fail with ENOSPC"));
        RcuBench.IpcLoop pl =
            model.ipcLoop(
                SeedPredictions.ipcVariant(e.kernel()),
                4 * e.plan().ipcLimit(),
                e.plan().ipcLimit());
        if (failed != pl.enospc() > 0)
          out.add(
              "seed 002, "
                  + e.kernel()
                  + ": the model's "
                  + SeedPredictions.ipcVariant(e.kernel()).name()
                  + (pl.enospc() > 0 ? " fails" : " waits")
                  + " at the limit, the kernel "
                  + (failed ? "fails with " + errnoName(atLimit.get().outcome()) : "waits"));
      }
    }
    for (Entry e : measured()) {
      Optional<KernelMeasurements.IpcWait> w = e.measurements().ipcWait();
      if (w.isEmpty()) continue;
      if (!w.get().ok())
        out.add(
            "seed 002, "
                + e.kernel()
                + ": the loop that waits out ENOSPC at max_ipc_namespaces="
                + w.get().limit()
                + " made "
                + w.get().made()
                + " of "
                + w.get().planned()
                + " ("
                + errnoName(w.get().outcome())
                + ")");
      boolean kernelWaits = SeedPredictions.flushesAtLimit(e.kernel());
      if (w.get().ok() && kernelWaits == w.get().enospcRetries() > 0)
        out.add(
            "seed 002, "
                + e.kernel()
                + ": the waiting loop saw "
                + w.get().enospcRetries()
                + " ENOSPC; the kernel's series "
                + (kernelWaits
                    ? "waits for pending frees itself (create_ipc_ns's flush_work)"
                    : "refuses while frees are pending"));
    }
    Optional<Double> fall = ipcFall(IPC_BEFORE, IPC_AFTER);
    fall.ifPresent(
        f -> {
          if (f < IPC_FALL)
            out.add(
                String.format(
                    Locale.ROOT,
                    "seed 002: time per namespace past the limit, waiting for frees, falls x%.2f"
                        + " from %s to %s (goal >= %.0fx)%s",
                    f,
                    IPC_BEFORE,
                    IPC_AFTER,
                    IPC_FALL,
                    modelIpcFall(IPC_BEFORE, IPC_AFTER)
                        .map(mf -> String.format(Locale.ROOT, "; the model's x%.1f", mf))
                        .orElse("")));
        });
    return out;
  }

  private static String infoValue(String info, String key) {
    for (String w : info.split(" "))
      if (w.startsWith(key + "=")) return w.substring(key.length() + 1);
    return "?";
  }

  // ---------------------------------------------------------------- whole report

  /** Every table with its heading, the caveat, the ratios and the findings. */
  public String markdown() {
    StringBuilder b = new StringBuilder();
    b.append(TCG_NOTE).append("\n\n");
    b.append("### Seed 000: umount -l /mnt/1 on the 2017 overlap family\n\n");
    b.append(umountTable()).append('\n').append(umountDetailTable()).append('\n');
    b.append("### Seed 002: unshare(CLONE_NEWIPC) one after the other\n\n");
    b.append(ipcTable()).append('\n');
    freeLoopRatio(IPC_BEFORE, IPC_AFTER)
        .ifPresent(
            f ->
                b.append(
                    String.format(
                        Locale.ROOT,
                        "Free loop (no limit), time per namespace %s / %s: x%.2f. Since 5.7"
                            + " (e1eb26fa62d0) the caller never waits for a free, so this loop"
                            + " cannot show the batching; the seed's regime is the loop at the"
                            + " limit below.%n%n",
                        IPC_BEFORE,
                        IPC_AFTER,
                        f)));
    if (measured().stream().anyMatch(e -> e.measurements().ipcWait().isPresent())) {
      b.append(
          "The seed's own regime, waiting for frees at the limit: a loop of 4W namespaces at"
              + " user.max_ipc_namespaces = W that sleeps 100 µs and tries again on ENOSPC"
              + " (guests only). From 6.3 create_ipc_ns waits for the pending frees itself"
              + " (a80c4adcb574), which free_ipc_work frees behind one grace period per batch"
              + " (da27f796a832); before, the kernel refuses while they are pending and frees"
              + " them one grace period each, so past W the loop runs at the rate of the frees."
              + " The model's ipc-serial-flush is the series' first patch alone, the seed's"
              + " \"before\".\n\n");
      b.append(ipcWaitTable()).append('\n');
      ipcFall(IPC_BEFORE, IPC_AFTER)
          .ifPresent(
              f ->
                  b.append(
                      String.format(
                          Locale.ROOT,
                          "Time per namespace past the limit, %s / %s: x%.2f (the issue"
                              + " expects >= %.0fx)%s.%n%n",
                          IPC_BEFORE,
                          IPC_AFTER,
                          f,
                          IPC_FALL,
                          modelIpcFall(IPC_BEFORE, IPC_AFTER)
                              .map(mf -> String.format(Locale.ROOT, "; the model: x%.1f", mf))
                              .orElse(""))));
    }
    b.append("### Seed 001: latency of umount and umount -l of one tmpfs\n\n");
    b.append(latencyTable()).append('\n');
    b.append("### Seed 003: reading mountinfo against a regular file with the same bytes\n\n");
    b.append(mountinfoTable()).append('\n');
    b.append("The model makes no prediction for seed 003 (it has no cost of reading).\n\n");
    b.append("### Runs\n\n").append(runTable()).append('\n');
    List<String> f = findings();
    b.append("### Where a kernel differs from the goal or the model\n\n");
    if (f.isEmpty()) b.append("Nowhere.\n");
    for (String line : f) b.append("- ").append(line).append('\n');
    List<String> boot = new ArrayList<>();
    for (Entry e : measured())
      for (String l : e.measurements().bootLog())
        if (l.startsWith("Mount")) boot.add(e.kernel() + ": " + l);
    if (!boot.isEmpty()) {
      b.append("\nGuests' boot messages on the mount hash tables:\n\n");
      for (String l : boot) b.append("- ").append(l).append('\n');
    }
    return b.toString();
  }

  // ---------------------------------------------------------------- CSV

  /**
   * One row per measured quantity. Measures: {@code umount_detach} (seed 000, x = N, value = median
   * seconds, model = generation, model_value = work), {@code mount_slab} (seed 000, x = N, value =
   * bytes of struct mount's slab after the first build), {@code ipc_loop}, {@code ipc_chain},
   * {@code ipc_exec_only} (seed 002, x = namespaces, value = seconds per namespace, model =
   * variant, model_value = grace periods per namespace), {@code ipc_limit_chain}, {@code
   * ipc_limit_held}, {@code ipc_limit_loop} (value = namespaces made, note = outcome, model_value =
   * the model's ENOSPC count), {@code ipc_wait_past_limit} (the loop that waits out ENOSPC: value =
   * seconds per namespace past the limit, samples = those namespaces, model = the waiting variant,
   * model_value = its ticks per namespace past the limit, note = limit, outcome and ENOSPC
   * retries), {@code umount_p50}, {@code umount_p90}, {@code umount_lazy_p50}, {@code
   * umount_lazy_p90} (seed 001, x = cycles, seconds; model = mainline, model_value = modelled
   * seconds), {@code mountinfo_ratio} (seed 003, x = mounts added, value = mountinfo time over file
   * time, note = lines and bytes).
   */
  public String csv() {
    StringBuilder b = new StringBuilder(CSV_HEADER).append('\n');
    // every row ends with the shard: row() is given the cells before it
    for (Entry e : measured()) {
      KernelMeasurements m = e.measurements();
      String k = e.kernel();
      String rel = m.release();
      String gen = SeedPredictions.generation(k);
      List<String> planned = e.plan().seeds();
      for (int n : planned.contains("000") ? e.plan().umountNs() : List.<Integer>of()) {
        OptionalDouble v = m.umountMedian(n);
        long runs = m.umount().stream().filter(r -> r.n() == n && r.measured()).count();
        row(
            b,
            k,
            rel,
            "000",
            "umount_detach",
            n,
            v.isPresent() ? sci(v.getAsDouble() / 1e9) : "",
            "s",
            runs,
            gen,
            "" + model.umountWork(gen, n),
            "work",
            m.umountError(n).orElse(""));
        Long slab = m.mountSlabBytes().get(n);
        if (slab != null)
          row(b, k, rel, "000", "mount_slab", n, "" + slab, "bytes", 1, "", "", "", "mnt_cache");
      }
      LifetimeDesign variant = SeedPredictions.ipcVariant(k);
      boolean ipc = planned.contains("002");
      for (String label : ipc ? List.of("loop", "chain", "exec") : List.<String>of()) {
        Optional<IpcRun> r = m.ipc(label);
        if (r.isEmpty()) continue;
        RcuBench.IpcLoop p =
            model.ipcLoop(variant, r.get().planned(), SeedPredictions.DEFAULT_IPC_LIMIT);
        boolean loop = label.equals("loop");
        row(
            b,
            k,
            rel,
            "002",
            label.equals("exec") ? "ipc_exec_only" : "ipc_" + label,
            r.get().planned(),
            r.get().ok() ? sci(r.get().nanos() / 1e9 / r.get().planned()) : "",
            "s per namespace",
            r.get().done(),
            label.equals("exec") ? "" : variant.name(),
            label.equals("exec")
                ? ""
                : fixed(
                    (loop ? p.gpsWaitedByCaller() : p.gpsStarted()) / (double) r.get().planned(),
                    4),
            label.equals("exec")
                ? ""
                : loop ? "grace periods waited per namespace" : "grace periods per namespace",
            r.get().ok() ? "" : errnoName(r.get().outcome()));
      }
      int l = e.plan().ipcLimit();
      RcuBench.IpcLoop atLimit =
          m.ipcLimits().isEmpty() && m.ipc("loop-limit").isEmpty()
              ? null
              : model.ipcLoop(variant, 4 * l, l);
      for (KernelMeasurements.IpcLimit lim :
          ipc ? m.ipcLimits() : List.<KernelMeasurements.IpcLimit>of())
        row(
            b,
            k,
            rel,
            "002",
            "ipc_limit_" + lim.kind(),
            lim.namespaces(),
            lim.outcome().equals("ok") ? "" + lim.namespaces() : "",
            "namespaces made",
            1,
            variant.name(),
            lim.kind().equals("chain") ? "" + atLimit.enospc() : "",
            lim.kind().equals("chain") ? "ENOSPC" : "",
            "limit " + lim.limit() + ": " + lim.outcome());
      m.ipc("loop-limit")
          .filter(r -> ipc)
          .ifPresent(
              r ->
                  row(
                      b,
                      k,
                      rel,
                      "002",
                      "ipc_limit_loop",
                      r.planned(),
                      "" + r.done(),
                      "namespaces made",
                      1,
                      variant.name(),
                      "" + atLimit.enospc(),
                      "ENOSPC",
                      "limit " + l + ": " + (r.ok() ? "ok" : errnoName(r.outcome()))));
      Optional<KernelMeasurements.IpcWait> wait = ipc ? m.ipcWait() : Optional.empty();
      if (wait.isPresent()) {
        KernelMeasurements.IpcWait w = wait.get();
        LifetimeDesign wv = SeedPredictions.waitingVariant(k);
        OptionalDouble past = w.nanosPerNamespacePastLimit();
        row(
            b,
            k,
            rel,
            "002",
            "ipc_wait_past_limit",
            w.planned(),
            past.isPresent() && w.ok() ? sci(past.getAsDouble() / 1e9) : "",
            "s per namespace",
            Math.max(0, w.made() - w.limit()),
            wv.name(),
            fixed(modelWaitTicks(k, w), 1),
            "model ticks per namespace",
            "limit "
                + w.limit()
                + ": "
                + (w.ok() ? "ok" : errnoName(w.outcome()))
                + "; "
                + w.enospcRetries()
                + " ENOSPC retries");
      }
      RcuBench.UmountCost ms = model.umount(false);
      RcuBench.UmountCost ml = model.umount(true);
      for (String mode : List.of("sync", "lazy", "bind")) {
        Latency lat = m.latency().get(mode);
        if (lat == null || !planned.contains("001")) continue;
        double modelled = SeedPredictions.micros((mode.equals("lazy") ? ml : ms).ticks()) / 1e6;
        String name =
            switch (mode) {
              case "sync" -> "umount";
              case "lazy" -> "umount_lazy";
              default -> "umount_bind";
            };
        for (int p : List.of(50, 90))
          row(
              b,
              k,
              rel,
              "001",
              name + "_p" + p,
              lat.nanos().length,
              sci((p == 50 ? lat.median() : lat.percentile(p)) / 1e9),
              "s",
              lat.nanos().length,
              LifetimeDesign.MAINLINE.name(),
              sci(modelled),
              "s",
              lat.failed() == 0 ? "" : lat.failed() + " failed");
      }
      for (MountinfoRead r : planned.contains("003") ? m.mountinfo() : List.<MountinfoRead>of())
        row(
            b,
            k,
            rel,
            "003",
            "mountinfo_ratio",
            r.size(),
            fixed(r.ratio(), 3),
            "mountinfo time / file time",
            (long) r.reads() * r.readers(),
            "",
            "",
            "",
            r.lines() + " lines; " + r.bytes() + " bytes");
    }
    return b.toString();
  }

  private void row(StringBuilder b, Object... cells) {
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) b.append(',');
      String c = String.valueOf(cells[i]);
      b.append(c.contains(",") || c.contains("\"") ? '"' + c.replace("\"", "\"\"") + '"' : c);
    }
    b.append(',').append(shard).append('\n');
  }

  // ---------------------------------------------------------------- plots

  /** The log-log plots, by file stem: {@code seed-000}, {@code seed-002}, ... */
  public Map<String, List<LogLogPlot>> plots() {
    Map<String, List<LogLogPlot>> out = new LinkedHashMap<>();
    List<Entry> es = measured();

    LogLogPlot time = new LogLogPlot("Seed 000: umount -l /mnt/1", "mounts", "seconds (median)");
    LogLogPlot shape =
        new LogLogPlot(
            "Seed 000: growth from the smallest N", "mounts", "value / value at the smallest N");
    TreeSet<Integer> allNs = new TreeSet<>();
    for (Entry e : es) {
      List<Integer> ns = measuredNs(e.measurements());
      allNs.addAll(ns);
      if (ns.isEmpty()) continue;
      double[] x = ns.stream().mapToDouble(n -> mounts(n)).toArray();
      double[] y =
          ns.stream()
              .mapToDouble(n -> e.measurements().umountMedian(n).getAsDouble() / 1e9)
              .toArray();
      time.add(e.kernel(), x, y);
      double[] rel = new double[y.length];
      for (int i = 0; i < y.length; i++) rel[i] = y[i] / y[0];
      shape.add(e.kernel(), x, rel);
    }
    if (!allNs.isEmpty()) {
      for (String g :
          es.stream()
              .map(e -> SeedPredictions.generation(e.kernel()))
              .distinct()
              .sorted()
              .toList()) {
        int first = allNs.first();
        double[] x = allNs.stream().mapToDouble(n -> mounts(n)).toArray();
        double[] y =
            allNs.stream()
                .mapToDouble(n -> (double) model.umountWork(g, n) / model.umountWork(g, first))
                .toArray();
        shape.add("model " + g + " work", x, y);
      }
    }
    out.put("seed-000", List.of(time, shape));

    LogLogPlot loop =
        new LogLogPlot("Seed 002: unshare(CLONE_NEWIPC) loop", "namespaces", "seconds");
    LogLogPlot chain = new LogLogPlot("Seed 002: exec chain", "namespaces", "seconds");
    LogLogPlot modelIpc = new LogLogPlot("Seed 002: model", "namespaces", "grace periods started");
    for (Entry e : es) {
      addMarks(loop, e.kernel(), e.measurements().ipc("loop"));
      addMarks(chain, e.kernel(), e.measurements().ipc("chain"));
      addMarks(chain, e.kernel() + " (exec only)", e.measurements().ipc("exec"));
    }
    for (LifetimeDesign v :
        es.stream().map(e -> SeedPredictions.ipcVariant(e.kernel())).distinct().toList()) {
      int k = es.stream().mapToInt(e -> e.plan().ipcLoop()).max().orElse(1);
      List<Integer> xs = List.of(Math.max(1, k / 4), Math.max(1, k / 2), k);
      modelIpc.add(
          v.name(),
          xs.stream().mapToDouble(Integer::doubleValue).toArray(),
          xs.stream()
              .mapToDouble(n -> model.ipcLoop(v, n, SeedPredictions.DEFAULT_IPC_LIMIT).gpsStarted())
              .toArray());
    }
    LogLogPlot waiting =
        new LogLogPlot(
            "Seed 002: at the limit W, waiting for frees (model: ticks x "
                + RcuBench.MICROS_PER_TICK
                + " µs)",
            "namespaces made",
            "seconds");
    for (Entry e : es) {
      Optional<KernelMeasurements.IpcWait> w = e.measurements().ipcWait();
      if (w.isEmpty() || !w.get().ok() || w.get().nanosAtLimit() <= 0) continue;
      waiting.add(
          e.kernel(),
          new double[] {w.get().limit(), w.get().planned()},
          new double[] {w.get().nanosAtLimit() / 1e9, w.get().nanos() / 1e9});
    }
    es.stream()
        .map(Entry::measurements)
        .flatMap(m -> m.ipcWait().stream())
        .findFirst()
        .ifPresent(
            w -> {
              for (LifetimeDesign v :
                  es.stream()
                      .filter(e -> e.measurements().ipcWait().isPresent())
                      .map(e -> SeedPredictions.waitingVariant(e.kernel()))
                      .distinct()
                      .toList()) {
                List<Long> at = model.ipcLoop(v, w.planned(), w.limit()).createdTicks();
                if (at.size() < w.planned() || at.get(w.limit() - 1) <= 0) continue;
                waiting.add(
                    "model " + v.name(),
                    new double[] {w.limit(), w.planned()},
                    new double[] {
                      SeedPredictions.micros(at.get(w.limit() - 1)) / 1e6,
                      SeedPredictions.micros(at.get(w.planned() - 1)) / 1e6
                    });
              }
            });
    out.put("seed-002", List.of(loop, chain, modelIpc, waiting));

    LogLogPlot sync = new LogLogPlot("Seed 001: umount", "rank (fastest first)", "seconds");
    LogLogPlot lazy = new LogLogPlot("Seed 001: umount -l", "rank (fastest first)", "seconds");
    int maxCycles = 1;
    for (Entry e : es) {
      addSorted(sync, e.kernel(), e.measurements().latency().get("sync"));
      addSorted(lazy, e.kernel(), e.measurements().latency().get("lazy"));
      Latency l = e.measurements().latency().get("sync");
      if (l != null) maxCycles = Math.max(maxCycles, l.nanos().length);
    }
    double[] ends = {1, maxCycles};
    double ms = SeedPredictions.micros(model.umount(false).ticks()) / 1e6;
    double ml = SeedPredictions.micros(model.umount(true).ticks()) / 1e6;
    sync.add("model (mainline)", ends, new double[] {ms, ms});
    lazy.add("model (mainline)", ends, new double[] {ml, ml});
    out.put("seed-001", List.of(sync, lazy));

    LogLogPlot mi =
        new LogLogPlot("Seed 003: mountinfo / regular file", "mountinfo lines", "read time ratio");
    for (Entry e : es) {
      List<MountinfoRead> rs = e.measurements().mountinfo();
      if (rs.isEmpty()) continue;
      mi.add(
          e.kernel(),
          rs.stream().mapToDouble(MountinfoRead::lines).toArray(),
          rs.stream().mapToDouble(MountinfoRead::ratio).toArray());
    }
    out.put("seed-003", List.of(mi));
    return out;
  }

  private static void addMarks(LogLogPlot plot, String name, Optional<IpcRun> r) {
    if (r.isEmpty() || !r.get().ok()) return;
    List<KernelMeasurements.Mark> marks = new ArrayList<>(r.get().marks());
    marks.add(new KernelMeasurements.Mark(r.get().planned(), r.get().nanos()));
    plot.add(
        name,
        marks.stream().mapToDouble(KernelMeasurements.Mark::done).toArray(),
        marks.stream().mapToDouble(mk -> mk.nanos() / 1e9).toArray());
  }

  private static void addSorted(LogLogPlot plot, String name, Latency l) {
    if (l == null || l.nanos().length == 0) return;
    long[] s = l.nanos().clone();
    Arrays.sort(s);
    double[] x = new double[s.length];
    double[] y = new double[s.length];
    for (int i = 0; i < s.length; i++) {
      x[i] = i + 1;
      y[i] = s[i] / 1e9;
    }
    plot.add(name, x, y);
  }

  /** One line for a kernel's seed, for the JSON results. */
  public static String summary(KernelMeasurements m, String seed) {
    return switch (seed) {
      case "000" -> {
        OptionalDouble r = goalRatio(m);
        OptionalDouble small = umountRatio(m, SMALL_FROM, SMALL_TO);
        yield "umount -l /mnt/1, N="
            + measuredNs(m)
            + (r.isPresent()
                ? String.format(
                    Locale.ROOT,
                    ", x%.2f per doubling over N=%d..%d",
                    r.getAsDouble(),
                    GOAL_FROM,
                    GOAL_TO)
                : "")
            + (small.isPresent()
                ? String.format(
                    Locale.ROOT, ", x%.2f over N=%d..%d", small.getAsDouble(), SMALL_FROM, SMALL_TO)
                : "");
      }
      case "002" -> {
        OptionalDouble loop = loopPerNamespace(m);
        yield "unshare(CLONE_NEWIPC): "
            + (loop.isPresent()
                ? UmountBenchReport.decimal(loop.getAsDouble() / 1e3, 3) + " us per namespace"
                : "not measured")
            + m.ipc("loop-limit")
                .map(r -> "; at the limit " + (r.ok() ? "ok" : errnoName(r.outcome())))
                .orElse("")
            + m.ipcWait()
                .map(
                    w ->
                        "; waiting at "
                            + w.limit()
                            + ": "
                            + (w.nanosPerNamespacePastLimit().isPresent()
                                ? UmountBenchReport.decimal(
                                        w.nanosPerNamespacePastLimit().getAsDouble() / 1e3, 3)
                                    + " us per namespace past the limit"
                                : errnoName(w.outcome())))
                .orElse("");
      }
      case "001" -> {
        Latency s = m.latency().get("sync");
        Latency l = m.latency().get("lazy");
        yield "umount p50 " + micros(s, 50) + " us, umount -l p50 " + micros(l, 50) + " us";
      }
      case "003" ->
          m.mountinfo().isEmpty()
              ? "not measured"
              : "mountinfo / file "
                  + fixed(m.mountinfo().get(m.mountinfo().size() - 1).ratio(), 1)
                  + " at "
                  + m.mountinfo().get(m.mountinfo().size() - 1).lines()
                  + " lines";
      default -> "";
    };
  }

  // ---------------------------------------------------------------- helpers

  public static long mounts(int n) {
    return (1L << (n + 1)) + 1;
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }

  static String fixed(double v, int digits) {
    if (Double.isNaN(v)) return "-";
    return String.format(Locale.ROOT, "%." + digits + "f", v);
  }

  static String seconds(double s) {
    return UmountBenchReport.decimal(s, 3);
  }

  private static String sci(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }

  private static String join(List<String> xs) {
    return String.join("; ", xs);
  }

  /** An errno name for the script's outcome: names stay, numbers from perl become names. */
  static String errnoName(String outcome) {
    return switch (outcome) {
      case "28" -> "ENOSPC";
      case "12" -> "ENOMEM";
      case "1" -> "EPERM";
      case "22" -> "EINVAL";
      default -> outcome.chars().allMatch(Character::isDigit) ? "errno " + outcome : outcome;
    };
  }
}
