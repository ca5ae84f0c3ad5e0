package mountcheck.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.Verdict;
import mountcheck.z3.ChangeTypeBoundedCheck;
import mountcheck.z3.ChangeTypeBoundedCheck.Outcome;
import mountcheck.z3.ChangeTypeBoundedCheck.Rules;
import mountcheck.z3.ChangeTypeBoundedCheck.Start;
import mountcheck.z3.OracleCrossCheck;
import mountcheck.z3.RandomStates;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck z3}: the Z3 checks. The Datalog oracle against the model on random states
 * (Receivers, umount candidates, 2025 victims, and the victims against the rule's definition), then
 * the SMT check of the propagation type changes: the induction step from any valid state, and
 * bounded traces from one peer group for the real rules (expected: no violation) and for two
 * planted bugs (expected: a counterexample at depth 2). Exit 1 if any result is not the expected
 * one.
 */
@Command(
    name = "z3",
    mixinStandardHelpOptions = true,
    description =
        "Cross-check the Datalog propagation oracle with the model, and bounded-check the type"
            + " changes with Z3.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every result is the expected one",
      "1:the oracle and the model disagree, or a symbolic result is unexpected",
      "2:bad option (nothing was run)"
    })
public final class Z3Command implements Callable<Integer>, ResultSource {
  @Spec CommandSpec spec;

  @Mixin ResultOptions format = new ResultOptions();

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Option(
      names = "--bound",
      paramLabel = "K",
      description = "Type changes in the symbolic check, 1 to 30 (default: ${DEFAULT-VALUE}).")
  @Bounds(min = 1, max = 30)
  int bound = 4;

  @Option(
      names = "--mounts",
      paramLabel = "N",
      description = "Mounts in the symbolic check, 2 to 6 (default: ${DEFAULT-VALUE}).")
  @Bounds(min = 2, max = 6)
  int mounts = 4;

  @Mixin SeedOption seed = new SeedOption();

  @Option(
      names = "--states",
      paramLabel = "N",
      description =
          "Random states for the oracle cross-check, 0 skips it (default: ${DEFAULT-VALUE}).")
  @Bounds(min = 0)
  int states = 300;

  private record Row(String check, String instances, String result, long nanos, boolean ok) {}

  /**
   * One row of the symbolic check. Planted bugs are expected to be found by the last bound; a bound
   * before that without a violation is fine.
   */
  private static Row smtRow(String check, Outcome o, boolean expectViolation, List<String> notes) {
    boolean ok = o.violation() ? expectViolation : !expectViolation || o.bound() < 2;
    String instances =
        (o.start() == Start.ANY_VALID
            ? o.mounts() + " mounts, K=1 (induction)"
            : o.mounts() + " peers, K=" + o.bound());
    String result =
        (o.violation() ? "SAT: violation" : "UNSAT: none") + (ok ? "" : " (UNEXPECTED)");
    if (o.violation()) {
      notes.add(o.rules() + " (" + o.rules().description + "), from " + instances + ":");
      o.counterexample().forEach(l -> notes.add("  " + l));
    }
    return new Row(check, instances, result, o.nanos(), ok);
  }

  @Override
  public Integer call() {
    long seed = this.seed.resolve();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Row> rows = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    OracleCrossCheck.Report r = oracle(seed, err, rows, notes);
    typeChanges(err, rows, notes);
    results.clear();
    for (Row row : rows) {
      results.add(
          Result.of("z3", row.check(), row.ok() ? Verdict.PASSED : Verdict.FAILED)
              .withSeed(row.check().startsWith("smt change-type") ? null : seed)
              .withBudget(
                  row.check().startsWith("smt change-type")
                      ? new Budget((long) bound, null, null)
                      : new Budget((long) states, null, null))
              .withSeconds(row.nanos() / 1e9)
              .withMessage(row.instances() + ": " + row.result()));
    }
    format.emit(out, results);
    if (format.text()) {
      out.printf("%-42s %-34s %-22s %10s%n", "check", "instances", "result", "time");
      for (Row row : rows)
        out.printf(
            "%-42s %-34s %-22s %10s%n",
            row.check(),
            row.instances(),
            row.result(),
            row.nanos() == 0 ? "" : String.format("%.0f ms", row.nanos() / 1e6));
      if (r.states() > 0) out.printf("oracle: %.1f ms per state%n", r.nanos() / 1e6 / r.states());
      for (String n : notes) out.println(n);
      out.flush();
    }
    return rows.stream().allMatch(Row::ok) ? 0 : 1;
  }

  /** The Datalog oracle and the SMT definition against the model on random states. */
  private OracleCrossCheck.Report oracle(
      long seed, PrintWriter err, List<Row> rows, List<String> notes) {
    err.println(
        "z3: oracle cross-check on "
            + states
            + " random states, "
            + SeedOption.describe(seed)
            + " ...");
    err.flush();
    OracleCrossCheck.Report r = new OracleCrossCheck(new RandomStates(40, 40)).run(seed, states);
    List<String> receiverBad =
        r.disagreements().stream().filter(d -> d.contains("Receivers(")).toList();
    List<String> definitionBad =
        r.disagreements().stream().filter(d -> d.contains(": definition,")).toList();
    List<String> umountBad =
        r.disagreements().stream()
            .filter(d -> !d.contains("Receivers(") && !d.contains(": definition,"))
            .toList();
    rows.add(
        new Row(
            "datalog Receivers(p) = model",
            r.mounts() + " mounts in " + r.states() + " states",
            receiverBad.isEmpty() ? "agree" : receiverBad.size() + " DISAGREE",
            r.nanos(),
            receiverBad.isEmpty()));
    rows.add(
        new Row(
            "datalog candidates, 2025 victims = model",
            r.umounts() + " U (" + r.propagated() + " propagate, " + r.trimmed() + " trim)",
            umountBad.isEmpty() ? "agree" : umountBad.size() + " DISAGREE",
            0,
            umountBad.isEmpty()));
    rows.add(
        new Row(
            "smt victims = maximal by definition",
            r.umounts() + " U",
            definitionBad.isEmpty() ? "agree" : definitionBad.size() + " DISAGREE",
            r.definitionNanos(),
            definitionBad.isEmpty()));
    notes.addAll(r.disagreements());
    return r;
  }

  /** The symbolic bounded check of propagation type changes, for Linux and the planted bugs. */
  private void typeChanges(PrintWriter err, List<Row> rows, List<String> notes) {
    err.println(
        "z3: type changes, induction step from any valid state of " + mounts + " mounts ...");
    err.flush();
    Outcome induction = ChangeTypeBoundedCheck.check(Rules.LINUX, Start.ANY_VALID, mounts, 1);
    rows.add(smtRow("smt change-type linux, any valid start", induction, false, notes));
    for (Rules rules : Rules.values()) {
      // a planted bug needs two steps from one peer group
      int k = rules == Rules.LINUX ? bound : Math.max(bound, 2);
      err.println("z3: type changes, " + rules + ", " + mounts + " peers, bound " + k + " ...");
      err.flush();
      for (Outcome o : ChangeTypeBoundedCheck.checkEach(rules, Start.ONE_PEER_GROUP, mounts, k)) {
        rows.add(
            smtRow(
                "smt change-type " + rules.name().toLowerCase(Locale.ROOT),
                o,
                rules != Rules.LINUX,
                notes));
        if (o.violation()) break;
      }
    }
  }
}
