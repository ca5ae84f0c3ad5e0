package mountcheck.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.alloy.AlloyRunner;
import mountcheck.alloy.CommandReport;
import mountcheck.alloy.ModelCrossCheck;
import mountcheck.alloy.Outcome;
import mountcheck.alloy.RunOptions;
import mountcheck.alloy.Solvers;
import mountcheck.alloy.Spec;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec.Target;

/** {@code mountcheck alloy}: runs the commands of the Alloy specs and checks their expectations. */
@Command(
    name = "alloy",
    mixinStandardHelpOptions = true,
    description = {
      "Run every command of the Alloy specs (default: the bundled specs subtrees, lifetime and"
          + " trim) and compare each outcome with its 'expect'.",
      "Instances and counterexamples go to --out as Alloy XML; mount tables also as scenario"
          + " files."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every command gave its expected outcome (and the cross-check agreed)",
      "1:an outcome differed from its expectation, a command failed or timed out",
      "2:bad option, unknown spec or solver (nothing was run)"
    })
public final class AlloyCommand implements Callable<Integer>, ResultSource {

  @picocli.CommandLine.Spec(Target.SELF)
  CommandSpec self;

  @Parameters(
      paramLabel = "SPEC",
      description =
          "bundled spec name (subtrees, lifetime, trim) or .als file (default: all bundled specs)",
      arity = "0..*")
  List<String> specs = new ArrayList<>();

  @Option(
      names = "--scope",
      paramLabel = "N",
      description =
          "replace the overall and every non-exact signature scope (default: each command's own)")
  Integer scope;

  @Option(
      names = "--steps",
      paramLabel = "K",
      description =
          "replace the maximal trace length of temporal commands (default: each command's own)")
  Integer steps;

  @Option(
      names = "--solver",
      paramLabel = "ID",
      defaultValue = "sat4j",
      description =
          "SAT solver: sat4j (default, pure Java), minisat, glucose, lingeling.parallel, ...")
  String solver;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      defaultValue = "target/alloy",
      description = "where Alloy XML and scenario files go (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "300",
      description =
          "run each command in a child JVM killed after this long; 0 runs in this JVM"
              + " (default: ${DEFAULT-VALUE})")
  @Bounds(min = 0)
  int timeout;

  @Option(
      names = "--cross-check",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "also pin N generated model states (just before an umount) as instances of"
              + " subtrees.als and compare the spec's receivers, candidates and maximal set with"
              + " the model's (default: ${DEFAULT-VALUE})")
  @Bounds(min = 0)
  int crossCheck;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "20261130",
      description = "seed of the cross-check states (default: ${DEFAULT-VALUE})")
  long seed;

  @Mixin ResultOptions format = new ResultOptions();

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() {
    List<String> solvers = Solvers.available().stream().map(f -> f.id()).toList();
    if (!solvers.contains(solver)) {
      throw new ParameterException(
          self.commandLine(), "unknown --solver '" + solver + "'; usable here: " + solvers);
    }
    results.clear();
    List<Spec> toRun = new ArrayList<>();
    try {
      for (String s : specs.isEmpty() ? Spec.BUNDLED : specs) {
        toRun.add(Spec.resolve(s));
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(self.commandLine(), e.getMessage());
    }
    RunOptions options =
        RunOptions.defaults().withSolver(solver).withOutDir(out).withTimeoutSeconds(timeout);
    if (scope != null) {
      options = options.withScope(scope);
    }
    if (steps != null) {
      options = options.withSteps(steps);
    }
    PrintWriter stdout = self.commandLine().getOut();
    PrintWriter w = format.text() ? stdout : new PrintWriter(Writer.nullWriter());
    w.printf(
        "%-10s %-26s %-22s %-15s %-8s %8s %9s %9s%n",
        "spec", "command", "scope", "result", "expected", "vars", "clauses", "time");
    boolean allExpected = true;
    for (Spec spec : toRun) {
      List<CommandReport> reports;
      try {
        reports = new AlloyRunner(options).run(spec);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(self.commandLine(), e.getMessage());
      }
      for (CommandReport r : reports) {
        w.printf(
            "%-10s %-26s %-22s %-15s %-8s %8s %9s %7.2fs%s%n",
            r.spec(),
            r.command(),
            r.scope(),
            r.outcome().name().toLowerCase(),
            expected(r),
            r.totalVars() < 0 ? "-" : Integer.toString(r.totalVars()),
            r.clauses() < 0 ? "-" : Integer.toString(r.clauses()),
            r.millis() / 1000.0,
            r.asExpected() ? "" : "  MISMATCH");
        for (String f : r.files()) {
          w.println("    wrote " + f);
        }
        if (!r.note().isEmpty()) {
          w.println("    " + r.note());
        }
        allExpected &= r.asExpected();
        results.add(result(r));
      }
      w.flush();
    }
    if (crossCheck > 0) allExpected &= crossCheck(w);
    format.emit(stdout, results);
    return allExpected ? 0 : 1;
  }

  /** --cross-check: the spec's answers against the model's on pinned model states. */
  private boolean crossCheck(PrintWriter w) {
    long t0 = System.nanoTime();
    var instances = ModelCrossCheck.run(crossCheck, seed, 12);
    long disagreeing = instances.stream().filter(i -> !i.differences().isEmpty()).count();
    long propagating = instances.stream().filter(i -> i.candidates() > 0).count();
    w.printf(
        "cross-check: %d model states (%d with umount candidates), %d disagreement(s), %.1fs%n",
        instances.size(), propagating, disagreeing, (System.nanoTime() - t0) / 1e9);
    for (var i : instances) {
      if (i.differences().isEmpty()) continue;
      w.println("  " + String.join("; ", i.differences()));
      w.println("  scenario:\n    " + i.scenario().replace("\n", "\n    "));
    }
    w.flush();
    results.add(
        Result.of("alloy", "cross-check", disagreeing == 0 ? Verdict.PASSED : Verdict.FAILED)
            .withSeed(seed)
            .withBudget(new Budget((long) crossCheck, null, null))
            .withCount("states", instances.size())
            .withCount("propagating", propagating)
            .withCount("disagreements", disagreeing)
            .withSeconds((System.nanoTime() - t0) / 1e9));
    return disagreeing == 0;
  }

  private Result result(CommandReport r) {
    Verdict v =
        r.asExpected()
            ? Verdict.PASSED
            : r.outcome() == Outcome.ERROR || r.outcome() == Outcome.TIMEOUT
                ? Verdict.ERROR
                : Verdict.FAILED;
    Result res =
        Result.of("alloy", r.spec() + "." + r.command(), v)
            .withBudget(new Budget(null, timeout > 0 ? (double) timeout : null, null))
            .withSeconds(r.millis() / 1000.0)
            .withMessage(
                r.outcome().name().toLowerCase()
                    + ", expected "
                    + expected(r)
                    + ", scope "
                    + r.scope()
                    + (r.note().isEmpty() ? "" : "; " + OneLine.of(r.note())));
    if (r.totalVars() >= 0) res = res.withCount("vars", r.totalVars());
    if (r.clauses() >= 0) res = res.withCount("clauses", r.clauses());
    return r.files().isEmpty() ? res : res.withCounterexample(r.files().get(0));
  }

  private static String expected(CommandReport r) {
    if (r.expected() < 0) {
      return "-";
    }
    if (r.expected() == 0) {
      return "none";
    }
    return r.check() ? "cex" : "instance";
  }
}
