package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.cli.rcu.CheckRcuCommand;
import mountcheck.model.ops.Scenario;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.catalogue.Variants;
import mountcheck.properties.engine.Property;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.report.ReportTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code mountcheck check}: the catalogue of properties, or one known-bug variant. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description =
        "Runs the catalogue's properties (all, or those named) on generated scenarios with larger"
            + " budgets than CI, shrinks any failure to a minimal scenario and writes it as a"
            + " runnable counterexample file. With --variant NAME it runs a known-bug variant as the"
            + " system under test, which must be caught. 'check rcu' checks the lifetime model.",
    subcommands = {CheckRcuCommand.class},
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:every property held", "1:a property failed", "2:bad arguments"})
public final class CheckCommand implements Callable<Integer> {
  @Parameters(paramLabel = "PROPERTY", arity = "0..*", description = "properties to run (default: the whole catalogue; see 'mountcheck invariants')")
  List<String> names = new ArrayList<>();

  @Option(names = "--tries", paramLabel = "N", description = "examples per property (default: --budget x the CI budget)")
  Integer tries;

  @Option(names = "--time", paramLabel = "SECONDS", description = "time limit per property (default: --budget x the CI budget)")
  Double seconds;

  @Option(names = "--seed", paramLabel = "S", description = "seed (default: random, printed)")
  Long seed;

  @Option(names = "--budget", paramLabel = "FACTOR", defaultValue = "5", description = "multiple of each property's CI budget (default: ${DEFAULT-VALUE}; 1 is the CI budget)")
  double budget;

  @Option(names = "--variant", paramLabel = "NAME", description = "run a known-bug variant instead: ${COMPLETION-CANDIDATES}", completionCandidates = VariantNames.class)
  String variant;

  @Option(names = "--out", paramLabel = "DIR", description = "where counterexamples go (default: counterexamples/, or target/counterexamples/ with --variant)")
  Path out;

  @Spec CommandSpec spec;

  /** Variant names for the help text. */
  static final class VariantNames extends ArrayList<String> {
    VariantNames() {
      super(Variants.names());
    }
  }

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Property<Scenario>> properties = new ArrayList<>();
    if (variant != null) {
      if (!names.isEmpty()) throw new ParameterException(spec.commandLine(), "--variant runs the variant's own property; name no other");
      properties.add(Variants.property(variant).orElseThrow(() -> new ParameterException(spec.commandLine(), "unknown variant '" + variant + "'; choose one of " + Variants.names())));
    } else if (names.isEmpty()) {
      properties.addAll(Catalogue.properties());
    } else {
      for (String n : names) properties.add(Catalogue.byName(n).orElseThrow(() -> new ParameterException(spec.commandLine(), "unknown property '" + n + "'; see 'mountcheck invariants'")));
    }
    long runSeed = seed != null ? seed : System.nanoTime();
    Path dir = out != null ? out : (variant != null ? RepoPaths.scratchCounterexamples() : RepoPaths.counterexamples());
    err.println("mountcheck check: seed " + runSeed + " (rerun with --seed " + runSeed + ")");
    List<ReportTable.Row> rows = new ArrayList<>();
    boolean allOk = true;
    int index = 0;
    for (Property<Scenario> p : properties) {
      index++;
      int n = tries != null ? tries : (int) Math.max(1, Math.round(p.tries() * budget));
      Duration limit = seconds != null ? Duration.ofMillis(Math.round(seconds * 1000)) : Duration.ofMillis(Math.round(p.timeLimit().toMillis() * budget));
      err.printf("[%d/%d] %s: up to %d examples, %ds ...%n", index, properties.size(), p.name(), n, limit.toSeconds());
      err.flush();
      RunConfig config = RunConfig.defaults().withSeed(runSeed).withTries(n).withTimeLimit(limit);
      CatalogueRunner.Result r = CatalogueRunner.run(p, config, dir, variant, err::println);
      err.println("    " + r.report().summary());
      if (r.counterexample() != null) err.println("    shrunk to " + r.shrunkCommands() + " commands: " + r.counterexample());
      err.flush();
      rows.add(new ReportTable.Row(r.report(), r.counterexample()));
      allOk &= r.ok();
    }
    stdout.print(ReportTable.render(rows));
    stdout.flush();
    return allOk ? 0 : 1;
  }
}
