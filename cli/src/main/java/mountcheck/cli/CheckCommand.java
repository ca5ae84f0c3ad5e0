package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import mountcheck.cli.rcu.CheckRcuCommand;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.ShardRecord;
import mountcheck.cli.results.Verdict;
import mountcheck.engine.Outcome;
import mountcheck.engine.Progress;
import mountcheck.engine.Property;
import mountcheck.engine.RunConfig;
import mountcheck.engine.RunReport;
import mountcheck.engine.Seconds;
import mountcheck.engine.Shard;
import mountcheck.engine.report.ReportTable;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.variants.KnownBugVariants;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.catalogue.KnownBugProperties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck check}: the catalogue of properties, or one known-bug variant. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the catalogue's properties (all, or those named) on generated scenarios with larger"
          + " budgets than CI, shrinks any failure to a minimal scenario and writes it as a"
          + " runnable counterexample file whose header holds the command that reruns the search."
          + " With --variant NAME it runs a known-bug variant as the system under test, which must"
          + " be caught; its file is a witness. 'check rcu' checks the lifetime model.",
      "A property draws examples 0 .. --tries - 1 (discarded ones are not checked) and stops early"
          + " after --time seconds; a rerun with the same seed and --tries checks the same examples"
          + " in the same order. --shard I/N runs only the examples whose index is I modulo N."
    },
    subcommands = {CheckRcuCommand.class},
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every property held (with --variant: the variant was caught, as intended)",
      "1:a property failed or gave up (with --variant: the variant was missed)",
      "2:bad arguments (nothing was run)"
    })
public final class CheckCommand implements Callable<Integer>, ResultSource {
  @Parameters(
      paramLabel = "PROPERTY",
      arity = "0..*",
      description = "properties to run (default: the whole catalogue; see 'mountcheck invariants')")
  List<String> names = new ArrayList<>();

  @Option(
      names = "--tries",
      paramLabel = "N",
      description = "examples per property (default: --budget x the property's CI examples)")
  Integer tries;

  @Option(
      names = "--time",
      paramLabel = "SECONDS",
      description = "time limit per property (default: --budget x the property's CI seconds)")
  Double seconds;

  @Mixin SeedOption seed = new SeedOption();

  @Option(
      names = "--budget",
      paramLabel = "FACTOR",
      defaultValue = "5",
      description =
          "multiple of each property's CI budget (default: ${DEFAULT-VALUE}; 1 is the CI budget)")
  double budget;

  @Option(
      names = "--variant",
      paramLabel = "NAME",
      description = "run a known-bug variant instead: ${COMPLETION-CANDIDATES}",
      completionCandidates = VariantNames.class)
  String variant;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "where counterexamples go (default: counterexamples/, or target/counterexamples/ with"
              + " --variant)")
  Path out;

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      converter = ShardConverter.class,
      description = ShardConverter.HELP)
  Shard shard = Shard.WHOLE;

  @Mixin KernelOption kernel = new KernelOption();

  @Mixin ResultOptions format = new ResultOptions();

  @Option(
      names = "--verbose",
      description =
          "after a failure, show what each shrink pass did: runs, calls, successes, choices"
              + " removed")
  boolean verbose;

  @Spec CommandSpec spec;

  /** A long property run prints a progress line this often. */
  private static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

  private final List<Result> results = new ArrayList<>();

  /** Variant names for the help text. */
  static final class VariantNames extends ArrayList<String> {
    VariantNames() {
      super(KnownBugProperties.names());
    }
  }

  private ParameterException unknownVariant(String name) {
    boolean lifetime = KnownBugVariants.byName(name).isPresent();
    return new ParameterException(
        spec.commandLine(),
        lifetime
            ? name + " is a lifetime design: run 'mountcheck check rcu --variant " + name + "'"
            : "unknown variant '" + name + "'; choose one of " + KnownBugProperties.names());
  }

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Property<Scenario>> properties = selected();
    long runSeed = seed.resolve();
    Path dir =
        out != null
            ? out
            : (variant != null ? RepoPaths.scratchCounterexamples() : RepoPaths.counterexamples());
    err.println(
        "mountcheck check: "
            + SeedOption.describe(runSeed)
            + ", shard "
            + shard
            + (kernel.given() ? ", kernel " + kernel.kernel() + "'s model" : ""));
    List<ReportTable.Row> rows = new ArrayList<>();
    results.clear();
    boolean allOk = true;
    for (int i = 0; i < properties.size(); i++) {
      err.printf("[%d/%d] ", i + 1, properties.size());
      allOk &= checkOne(properties.get(i), runSeed, dir, err, rows);
    }
    if (format.text()) {
      stdout.print(ReportTable.render(rows));
      if (variant != null)
        stdout.println(
            allOk
                ? "variant " + variant + ": caught as intended"
                : "variant " + variant + ": MISSED, the property did not catch it");
    }
    format.emit(stdout, results);
    stdout.flush();
    return allOk ? 0 : 1;
  }

  /** The properties to check: the variant's own, the named ones, or the whole catalogue. */
  private List<Property<Scenario>> selected() {
    List<Property<Scenario>> properties = new ArrayList<>();
    Model model = kernel.model();
    if (variant != null) {
      if (!names.isEmpty())
        throw new ParameterException(
            spec.commandLine(), "--variant runs the variant's own property; name no other");
      if (kernel.given())
        throw new ParameterException(
            spec.commandLine(), "--kernel applies to the catalogue, not to --variant");
      properties.add(
          KnownBugProperties.property(variant).orElseThrow(() -> unknownVariant(variant)));
    } else if (names.isEmpty()) {
      properties.addAll(Catalogue.properties(model));
    } else {
      for (String n : names)
        properties.add(
            Catalogue.byName(n, model)
                .orElseThrow(
                    () ->
                        new ParameterException(
                            spec.commandLine(),
                            "unknown property '" + n + "'; see 'mountcheck invariants'")));
    }
    return properties;
  }

  /**
   * Checks one property within its budget, prints its progress and verdict on {@code err}, and adds
   * its row and result; whether it came out as intended (held, or a variant caught).
   */
  private boolean checkOne(
      Property<Scenario> p, long runSeed, Path dir, PrintWriter err, List<ReportTable.Row> rows) {
    int n = tries != null ? tries : (int) Math.max(1, Math.round(p.tries() * budget));
    Duration limit =
        Duration.ofMillis(
            Math.max(
                1,
                Math.round(
                    (seconds != null ? seconds : p.timeLimit().toMillis() / 1000.0 * budget)
                        * 1000)));
    err.printf("%s: up to %d examples, %s ...", p.name(), n, Seconds.of(limit));
    err.flush();
    boolean[] lineOpen = {true};
    RunConfig config =
        RunConfig.defaults()
            .withSeed(runSeed)
            .withTries(n)
            .withTimeLimit(limit)
            .withLog(line -> {})
            .withProgress(progress(err, lineOpen))
            .withShard(shard, 0);
    String reproduce = reproduceCommand(p, runSeed, n, limit);
    CatalogueRunner.Result r = CatalogueRunner.run(p, config, dir, variant, null, reproduce);
    RunReport<Scenario> report = r.report();
    err.println(
        (lineOpen[0] ? " " : "    ")
            + verdictWord(report, variant != null)
            + String.format(
                Locale.ROOT, " (%d checked, %.2f s)", report.checked(), report.totalNanos() / 1e9));
    if (r.counterexample() != null)
      err.println("    shrunk to " + r.shrunkCommands() + " commands: " + r.counterexample());
    if (verbose)
      report.firstFailure().ifPresent(f -> err.print(ReportTable.shrinkPasses(f.shrinkPasses())));
    err.flush();
    rows.add(new ReportTable.Row(report, r.counterexample()));
    results.add(
        result(report, r, variant != null, n, limit, kernel.kernel().name())
            .withBudget(Budget.of(n, limit.toMillis() / 1000.0).withFactor(budget)));
    return variant != null ? report.outcome() == Outcome.FAILED : r.ok();
  }

  /** A progress line every {@link #PROGRESS_EVERY_NANOS} on a long run. */
  private static Progress progress(PrintWriter err, boolean[] lineOpen) {
    long[] nextProgress = {System.nanoTime() + PROGRESS_EVERY_NANOS};
    return (property, checked, discarded, elapsed) -> {
      if (System.nanoTime() < nextProgress[0]) return;
      nextProgress[0] = System.nanoTime() + PROGRESS_EVERY_NANOS;
      if (lineOpen[0]) err.println();
      lineOpen[0] = false;
      err.printf(
          Locale.ROOT, "    %d checked, %d discarded, %.0f s%n", checked, discarded, elapsed / 1e9);
      err.flush();
    };
  }

  /** The one-line command that reruns exactly this search. */
  private String reproduceCommand(Property<Scenario> p, long runSeed, int n, Duration limit) {
    String what = variant != null ? "--variant " + variant : p.name();
    return "./mountcheck check "
        + what
        + " --seed "
        + runSeed
        + " --tries "
        + n
        + " --time "
        + limit.toMillis() / 1000.0
        + (kernel.given() ? " --kernel " + kernel.kernel() : "")
        + (shard.whole() ? "" : " --shard " + shard);
  }

  private static String verdictWord(RunReport<Scenario> report, boolean isVariant) {
    if (isVariant) return report.outcome() == Outcome.FAILED ? "caught as intended" : "MISSED";
    return report.outcome().toString();
  }

  private static Result result(
      RunReport<Scenario> report,
      CatalogueRunner.Result r,
      boolean isVariant,
      int n,
      Duration limit,
      String kernelName) {
    Verdict v;
    if (isVariant) v = report.outcome() == Outcome.FAILED ? Verdict.CAUGHT : Verdict.FAILED;
    else
      v =
          switch (report.outcome()) {
            case PASSED -> Verdict.PASSED;
            case GAVE_UP -> Verdict.GAVE_UP;
            default -> Verdict.FAILED;
          };
    String message = null;
    if (report.failure() != null) message = report.failure().verdict().message();
    else if (!report.unmetLabels().isEmpty()) message = String.join("; ", report.unmetLabels());
    else if (report.gaveUpReason() != null) message = report.gaveUpReason();
    if (isVariant && v == Verdict.FAILED)
      message = "the variant was not caught" + (message == null ? "" : ": " + message);
    return Result.of("check", report.property(), v)
        .withSeed(report.seed())
        .withBudget(Budget.of(n, limit.toMillis() / 1000.0))
        .withCount("examples", report.checked())
        .withCount("passed", report.passed())
        .withCount("discarded", report.discarded())
        .withCount("shrunk-commands", r.shrunkCommands())
        .withCounterexample(r.counterexample() == null ? null : r.counterexample().toString())
        .withSeconds(report.totalNanos() / 1e9)
        .withMessage(message == null || message.isEmpty() ? null : OneLine.of(message))
        .withShard(ShardRecord.of(report, kernelName));
  }
}
