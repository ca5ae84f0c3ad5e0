package mountcheck.alloy;

import edu.mit.csail.sdg.alloy4.Err;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.ast.CommandScope;
import edu.mit.csail.sdg.ast.Module;
import edu.mit.csail.sdg.parser.CompModule;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the commands of an Alloy spec with the Alloy 6 API and compares each outcome with the
 * command's {@code expect} value. With a positive time limit each command runs in a child JVM
 * ({@link ChildJvm}), because Alloy has no timeout and native solvers cannot be interrupted
 * (docs/architecture.md §6.3).
 */
public final class AlloyRunner {
  /** How many further instances to look at when the first one has no scenario translation. */
  static final int SCENARIO_SEARCH_LIMIT = 30;

  private final RunOptions options;

  public AlloyRunner(RunOptions options) {
    this.options = options;
  }

  /**
   * Parses a spec; errors carry Alloy's position and message. Bundled specs and spec files are
   * parsed from a file, so that {@code open} finds the specs next to them.
   */
  public static CompModule parse(Spec spec) {
    if (Spec.BUNDLED.contains(spec.origin())) {
      return CompUtil.parseEverything_fromFile(
          new StatsReporter(), null, BundledFiles.path(spec.origin()).toString());
    }
    if (Files.isRegularFile(Path.of(spec.origin()))) {
      return CompUtil.parseEverything_fromFile(new StatsReporter(), null, spec.origin());
    }
    return CompUtil.parseEverything_fromString(new StatsReporter(), spec.text());
  }

  /** Runs every command of the spec, in the order of the file. */
  public List<CommandReport> run(Spec spec) {
    Solvers.available();
    CompModule world = parse(spec);
    List<CommandReport> reports = new ArrayList<>();
    List<Command> commands = world.getAllCommands();
    for (int i = 0; i < commands.size(); i++) {
      Command c = commands.get(i);
      System.err.println("alloy: " + spec.name() + " " + c.label + " ...");
      reports.add(
          options.timeoutSeconds() > 0
              ? ChildJvm.run(spec, i, c, options)
              : runCommand(spec, world, i));
    }
    return reports;
  }

  /** Runs command number {@code index} of an already parsed spec in this JVM. */
  public CommandReport runCommand(Spec spec, CompModule world, int index) {
    Command original = world.getAllCommands().get(index);
    boolean temporal = CompUtil.isTemporalModel(world.getAllReachableSigs(), original);
    Command cmd = adjust(original, temporal);
    String scope = describeScope(cmd, temporal);
    StatsReporter rep = new StatsReporter();
    A4Options opt = new A4Options();
    opt.solver = Solvers.byId(options.solver());
    opt.skolemDepth = 1;
    opt.tempDirectory = System.getProperty("java.io.tmpdir");
    long start = System.nanoTime();
    A4Solution sol;
    try {
      sol = TranslateAlloyToKodkod.execute_command(rep, world.getAllReachableSigs(), cmd, opt);
    } catch (Err e) {
      long ms = (System.nanoTime() - start) / 1_000_000;
      return new CommandReport(
          spec.name(),
          cmd.label,
          cmd.check,
          scope,
          Outcome.ERROR,
          cmd.expects,
          rep.primaryVars,
          rep.totalVars,
          rep.clauses,
          ms,
          List.of(),
          e.toString().trim());
    }
    long ms = (System.nanoTime() - start) / 1_000_000;
    Outcome outcome =
        !sol.satisfiable() ? Outcome.NONE : cmd.check ? Outcome.COUNTEREXAMPLE : Outcome.INSTANCE;
    List<String> files = new ArrayList<>();
    String note = "";
    if (sol.satisfiable() && options.outDir().isPresent()) {
      note = writeFiles(spec, world, cmd, sol, options.outDir().get(), files);
    }
    return new CommandReport(
        spec.name(),
        cmd.label,
        cmd.check,
        scope,
        outcome,
        cmd.expects,
        rep.primaryVars,
        rep.totalVars,
        rep.clauses,
        ms,
        files,
        note);
  }

  /** Writes the instance as Alloy XML and, for mount tables, as a scenario. Returns a note. */
  private static String writeFiles(
      Spec spec, Module world, Command cmd, A4Solution first, Path dir, List<String> files) {
    try {
      Files.createDirectories(dir);
      String base = spec.name() + "-" + cmd.label;
      A4Solution chosen = first;
      String note;
      if (!InstanceTables.isMountTable(world)) {
        note = "no scenario: instances of " + spec.name() + " are not mount tables";
      } else {
        Optional<ScenarioBuilder.Translation> found = Optional.empty();
        String firstProblem = null;
        A4Solution sol = first;
        for (int i = 0; i < SCENARIO_SEARCH_LIMIT && sol.satisfiable(); i++) {
          TableFacts table = InstanceTables.fromSolution(sol, world);
          ScenarioBuilder.Translation t =
              ScenarioBuilder.build(table, header(spec, cmd, i, table, sol, world));
          if (t.ok()) {
            found = Optional.of(t);
            chosen = sol;
            break;
          }
          if (firstProblem == null) {
            firstProblem = t.problem();
          }
          if (!sol.isIncremental()) {
            // only SAT4J and MiniSat can enumerate further instances
            firstProblem += "; solver " + sol.opt.solver.id() + " cannot enumerate more instances";
            break;
          }
          sol = sol.next();
        }
        if (found.isPresent()) {
          Path sh = dir.resolve(base + ".sh");
          Files.writeString(sh, found.get().scenario());
          files.add(sh.toString());
          note =
              chosen == first
                  ? ""
                  : "scenario from a later instance (the first: " + firstProblem + ")";
        } else {
          note = "no scenario: " + firstProblem;
        }
      }
      Path xml = dir.resolve(base + ".xml");
      chosen.writeXML(new StatsReporter(), xml.toString(), world.getAllFunc(), Map.of());
      files.add(0, xml.toString());
      return note;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> header(
      Spec spec, Command cmd, int instance, TableFacts table, A4Solution sol, Module world) {
    List<String> lines = new ArrayList<>();
    lines.add(
        "generated by mountcheck alloy from "
            + spec.name()
            + ".als, command "
            + cmd.label
            + (cmd.check ? " (counterexample)" : " (instance)")
            + ", instance "
            + (instance + 1));
    lines.add("umount target: " + table.umountTop() + " (the last line, umount -l)");
    lines.addAll(InstanceTables.verdicts(sol, world));
    return lines;
  }

  /** Applies the scope and steps overrides of the options to a command. */
  Command adjust(Command c, boolean temporal) {
    if (options.scope().isEmpty() && (options.steps().isEmpty() || !temporal)) {
      return c;
    }
    int overall = c.overall;
    List<CommandScope> scopes = new ArrayList<>();
    if (options.scope().isPresent()) {
      int n = options.scope().getAsInt();
      overall = n;
      for (CommandScope cs : c.scope) {
        scopes.add(cs.isExact ? cs : new CommandScope(cs.sig, false, n));
      }
    } else {
      scopes.addAll(c.scope);
    }
    int minprefix = c.minprefix;
    int maxprefix = c.maxprefix;
    if (temporal && options.steps().isPresent()) {
      maxprefix = options.steps().getAsInt();
      minprefix = Math.min(Math.max(minprefix, 1), maxprefix);
    }
    return new Command(
        c.pos,
        c.nameExpr,
        c.label,
        c.check,
        overall,
        c.bitwidth,
        c.maxseq,
        minprefix,
        maxprefix,
        c.expects,
        scopes,
        c.additionalExactScopes,
        c.commandKeyword,
        c.formula,
        c.parent);
  }

  /** The scope in Alloy syntax, e.g. {@code for 6} or {@code for 3 but 12 steps}. */
  static String describeScope(Command c, boolean temporal) {
    List<String> parts = new ArrayList<>();
    for (CommandScope cs : c.scope) {
      String name = cs.sig.label.startsWith("this/") ? cs.sig.label.substring(5) : cs.sig.label;
      parts.add((cs.isExact ? "exactly " : "") + cs.startingScope + " " + name);
    }
    if (temporal) {
      int steps = c.maxprefix > 0 ? c.maxprefix : 10;
      parts.add((c.minprefix > 1 ? c.minprefix + ".." : "") + steps + " steps");
    }
    String overall = Integer.toString(c.overall >= 0 ? c.overall : 3);
    return "for " + overall + (parts.isEmpty() ? "" : " but " + String.join(", ", parts));
  }
}
