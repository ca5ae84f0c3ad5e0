package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.ShardRecord;
import mountcheck.cli.results.Verdict;
import mountcheck.conform.KernelConformance;
import mountcheck.conform.MatrixConformance;
import mountcheck.engine.RunConfig;
import mountcheck.engine.RunReport;
import mountcheck.engine.Seeds;
import mountcheck.engine.Shard;
import mountcheck.engine.report.ReportTable;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.generators.MountApiFeatures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mountcheck conform}: the model-versus-kernel campaign on generated scenarios. */
@Command(
    name = "conform",
    mixinStandardHelpOptions = true,
    description =
        "Runs generated scenarios through the model and on the live kernel (each in a throw-away"
            + " unshare -Urm namespace under /mnt, with a time limit) and compares failing lines"
            + " and"
            + " canonical tables; a disagreement is shrunk and written as a counterexample. The"
            + " campaign stops after --runs scenarios or --time seconds, whichever comes first."
            + " With"
            + " --kernel K (or all) the scenarios run in batches on guest kernels under QEMU and"
            + " the"
            + " model follows each kernel's semantics.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:no disagreement",
      "1:model and kernel disagree",
      "2:bad option (nothing was run)",
      "3:the kernel cannot be used here (unshare -Urm not permitted, QEMU missing)"
    })
public final class ConformCommand implements Callable<Integer>, ResultSource {
  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "100",
      description = "scenarios to compare (default: ${DEFAULT-VALUE})")
  int runs;

  @Mixin SeedOption seed = new SeedOption();

  @Option(
      names = "--time",
      paramLabel = "SECONDS",
      defaultValue = "3600",
      description = "overall time limit (default: ${DEFAULT-VALUE})")
  double seconds;

  @Option(
      names = "--live-namespaces",
      description =
          "only scenarios that keep a namespace alive on a file, most of them also acting in it"
              + " with nsenter or holding references (docs/language.md, \"Several namespaces"
              + " and held references\"), on the host or a guest kernel")
  boolean liveNamespaces;

  @Option(
      names = "--fd-api",
      description =
          "only scenarios that also make mountfd lines: open_tree, move_mount, mount_setattr,"
              + " close (README, \"The fd-based mount API\"), on the host or a guest kernel")
  boolean fdApi;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where a disagreement is written (default: counterexamples/)")
  Path out;

  @Option(
      names = "--kernel",
      paramLabel = "K",
      converter = KernelSelection.Converter.class,
      completionCandidates = KernelSelection.Names.class,
      description =
          "the kernel: ${COMPLETION-CANDIDATES} (default: host; all: every guest kernel, then the"
              + " host), each against its own model")
  KernelSelection kernels = KernelSelection.of(Kernels.host());

  @Option(
      names = "--shrink-time",
      paramLabel = "SECONDS",
      defaultValue = "600",
      description =
          "time to shrink a guest kernel's disagreement, one boot per candidate (default:"
              + " ${DEFAULT-VALUE})")
  long shrinkSeconds;

  @Mixin KernelOptions kernelOptions = new KernelOptions();

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      converter = ShardConverter.class,
      description = ShardConverter.HELP)
  Shard shard = Shard.WHOLE;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    results.clear();
    long runSeed = seed.resolve();
    int exit = 0;
    for (Kernel k : kernels.kernels()) {
      int r;
      if (k.isHost() && kernelOptions.kernelImage == null) r = host(stdout, err, runSeed, k);
      else r = guest(stdout, err, runSeed, k);
      if (r == 1) exit = 1;
      else if (r == 3 && exit == 0) exit = 3;
    }
    format.emit(stdout, results);
    stdout.flush();
    return exit;
  }

  /** A batched campaign on a guest kernel (or --kernel-image) against the kernel's profile. */
  private int guest(PrintWriter stdout, PrintWriter err, long runSeed, Kernel k) {
    KernelProfile profile = k.profile();
    try {
      KernelBackend backend = kernelOptions.backend(k, err);
      err.println(
          "mountcheck conform: "
              + runs
              + " scenarios on kernel "
              + backend.name()
              + ", "
              + Seeds.describe(runSeed)
              + " (rerun with --seed "
              + runSeed
              + rerunFlags()
              + ")"
              + (shard.whole() ? "" : ", shard " + shard));
      long t0 = System.nanoTime();
      List<Scenario> scenarios =
          fdApi
              ? MatrixConformance.generate(runSeed, runs, shard, Catalogue.scenariosWithFdApi())
              : MatrixConformance.generate(runSeed, runs, shard, liveNamespaces);
      MatrixConformance.Report r =
          MatrixConformance.run(
              backend,
              profile,
              scenarios,
              Duration.ofSeconds(shrinkSeconds),
              out != null ? out : RepoPaths.counterexamples(),
              err::println,
              shard,
              "./mountcheck conform --kernel "
                  + k
                  + " --seed "
                  + runSeed
                  + " --runs "
                  + runs
                  + rerunFlags());
      report(stdout, runSeed, k, r, t0);
      if (format.text()) stdout.println("drawn: " + MountApiFeatures.summary(scenarios));
      return r.ok() ? 0 : 1;
    } catch (KernelUnavailableException e) {
      err.println(
          "mountcheck conform: kernel "
              + k
              + " cannot be used here: "
              + OneLine.of(e.getMessage()));
      results.add(
          Result.of("conform", KernelConformance.NAME + "@" + k, Verdict.SKIPPED)
              .withSeed(runSeed)
              .withBudget(Budget.of(runs, seconds))
              .withMessage(OneLine.of(e.getMessage()))
              .withShard(ShardRecord.examples(shard, k.name(), null, List.of(), Map.of())));
      return 3;
    }
  }

  /** A guest campaign's report: its line and problems on stdout, its result. */
  private void report(
      PrintWriter stdout, long runSeed, Kernel k, MatrixConformance.Report r, long t0) {
    if (format.text()) {
      stdout.println(
          "kernel "
              + r.kernel()
              + " ("
              + r.release()
              + ", model profile "
              + k.series()
              + "): "
              + r.agreed()
              + "/"
              + r.compared()
              + " agree (per step: "
              + r.stepsAgreed()
              + "/"
              + r.compared()
              + "), "
              + r.disagreements().size()
              + " disagree, "
              + r.errors().size()
              + " errors (seed "
              + runSeed
              + (shard.whole() ? "" : ", shard " + shard)
              + ")");
      r.errors().forEach(e -> stdout.println("  error: " + OneLine.of(e)));
      r.disagreements().forEach(d -> stdout.println("  disagreement: " + OneLine.of(d)));
    }
    String message =
        !r.disagreements().isEmpty()
            ? r.disagreements().get(0)
            : !r.errors().isEmpty() ? r.errors().get(0) : null;
    results.add(
        Result.of(
                "conform",
                KernelConformance.NAME + "@" + k,
                r.ok() ? Verdict.PASSED : Verdict.FAILED)
            .withSeed(runSeed)
            .withBudget(Budget.of(runs, seconds))
            .withCount("scenarios", r.compared())
            .withCount("agreed", r.agreed())
            .withCount("stepsAgreed", r.stepsAgreed())
            .withCounterexample(r.written().isEmpty() ? null : r.written().get(0).toString())
            .withSeconds((System.nanoTime() - t0) / 1e9)
            .withMessage(message == null ? null : OneLine.of(message))
            // every scenario of the shard is compared (no early stop): a merge adds the counts
            .withShard(ShardRecord.examples(shard, k.name(), null, List.of(), Map.of())));
  }

  /** The flags that rerun this campaign, after the seed and the runs. */
  private String rerunFlags() {
    return (liveNamespaces ? " --live-namespaces" : "")
        + (fdApi ? " --fd-api" : "")
        + (shard.whole() ? "" : " --shard " + shard);
  }

  /** The host kernel's campaign through the property engine (shrinks on the host). */
  private int host(PrintWriter stdout, PrintWriter err, long runSeed, Kernel k) {
    KernelRunner kernel = new KernelRunner(kernelOptions.timeLimit());
    if (!kernel.available()) {
      err.println(
          "mountcheck conform: skipped, the live kernel cannot be used here: "
              + kernel.unavailableReason());
      results.add(
          Result.of("conform", KernelConformance.NAME, Verdict.SKIPPED)
              .withSeed(runSeed)
              .withBudget(Budget.of(runs, seconds))
              .withMessage(
                  "the live kernel cannot be used here: " + OneLine.of(kernel.unavailableReason()))
              .withShard(ShardRecord.examples(shard, k.name(), null, List.of(), Map.of())));
      return 3;
    }
    err.println(
        "mountcheck conform: "
            + runs
            + " scenarios, "
            + Seeds.describe(runSeed)
            + " (rerun with --seed "
            + runSeed
            + "), shard "
            + shard);
    RunConfig config = hostConfig(runSeed, err);
    String reproduce =
        "./mountcheck conform --seed "
            + runSeed
            + " --runs "
            + runs
            + " --time "
            + seconds
            + " --timeout "
            + kernelOptions.timeoutSeconds
            + rerunFlags();
    CatalogueRunner.Result r =
        CatalogueRunner.run(
            fdApi
                ? KernelConformance.fdApiProperty(kernel)
                : liveNamespaces
                    ? KernelConformance.liveNamespaceProperty(kernel)
                    : KernelConformance.property(kernel),
            config,
            out != null ? out : RepoPaths.counterexamples(),
            null,
            err::println,
            reproduce);
    RunReport<?> report = r.report();
    if (format.text())
      stdout.print(
          ReportTable.render(List.of(new ReportTable.Row(r.report(), r.counterexample()))));
    Verdict v =
        r.ok() ? Verdict.PASSED : report.failure() != null ? Verdict.FAILED : Verdict.GAVE_UP;
    String message =
        report.failure() != null ? report.failure().verdict().message() : report.gaveUpReason();
    results.add(
        Result.of("conform", report.property(), v)
            .withSeed(runSeed)
            .withBudget(Budget.of(runs, seconds))
            .withCount("scenarios", report.checked())
            .withCount("agreed", report.passed())
            .withCount("discarded", report.discarded())
            .withCounterexample(r.counterexample() == null ? null : r.counterexample().toString())
            .withSeconds(report.totalNanos() / 1e9)
            .withMessage(message == null || message.isEmpty() ? null : OneLine.of(message))
            .withShard(ShardRecord.of(report, k.name())));
    return r.ok() ? 0 : 1;
  }

  /** The host campaign's run: its seed, tries, time and shard, a progress line every 25. */
  private RunConfig hostConfig(long runSeed, PrintWriter err) {
    int[] done = {0};
    Duration limit = Duration.ofMillis(Math.round(seconds * 1000));
    return RunConfig.defaults()
        .withSeed(runSeed)
        .withTries(runs)
        .withTimeLimit(limit)
        .withLog(line -> {})
        .withShard(shard, 0)
        .withProgress(
            (property, checked, discarded, elapsed) -> {
              if (checked % 25 == 0 && checked != done[0]) {
                done[0] = checked;
                err.println("  " + checked + " compared, " + discarded + " discarded");
                err.flush();
              }
            });
  }
}
