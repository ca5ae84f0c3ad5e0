package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.ScenarioScript;
import mountcheck.kernel.live.EventComparison;
import mountcheck.kernel.live.LiveEventRunner;
import mountcheck.kernel.live.LiveException;
import mountcheck.kernel.live.LiveRun;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.TableDiff;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck diff FILE}: the model's and the live kernel's answers, compared. */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description =
        "Runs a scenario through the model and on the live kernel (in a throw-away unshare -Urm"
            + " namespace) and prints only where they differ: failing lines in run's format"
            + " (SIDE: FILE:LINE: COMMAND: ERRNO, or 'ok' where that side succeeded), then the"
            + " differences of their canonical (id-free) tables. --full also prints both answers"
            + " first; --quiet prints nothing.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:model and kernel agree",
      "1:they differ",
      "2:missing file, bad option, or a line outside the scenario language",
      "3:no answer: unshare -Urm is not permitted, or the kernel or the model passed --timeout"
    })
public final class DiffCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file, or - for stdin")
  String file;

  @Mixin ModelOptions options = new ModelOptions();

  @Mixin KernelOptions kernelOptions = new KernelOptions();

  @Option(
      names = "--quiet",
      description =
          "print nothing; the exit status says whether they differ (default: print the difference)")
  boolean quiet;

  @Option(
      names = "--full",
      description =
          "print both answers (failing lines and mountinfo) before the difference (default: only"
              + " the difference)")
  boolean full;

  @Option(
      names = "--steps",
      description =
          "also compare after every line: run the scenario again line by line on the live kernel"
              + " (fanotify mount-namespace marks, listmount/statmount; Linux 6.15+, root) and name"
              + " the first line after which the canonical tables, or the line's mount events,"
              + " part")
  boolean steps;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Scenario scenario;
    try {
      scenario = ScenarioInput.load("diff", file, System.in, err);
    } catch (ScenarioInput.BadInput e) {
      err.println(e.getMessage());
      return 2;
    }
    KernelResult kernel;
    KernelBackend backend;
    try {
      backend = kernelOptions.backend(options.kernel(), err);
      kernel = backend.run(scenario);
    } catch (KernelUnavailableException e) {
      err.println("mountcheck diff: cannot use the live kernel here: " + e.getMessage());
      return 3;
    } catch (KernelException e) {
      err.println("mountcheck diff: " + e.getMessage());
      return 3;
    }
    // the model starts with as many mounts as the kernel's namespace had, so limits agree
    MountTable initial =
        options.preexisting != null
            ? options.initial(spec.commandLine())
            : MountTable.initial(
                options.mountMax, Math.max(1, kernel.mountsBefore()), kernel.mountPointsBefore());
    String name = file.equals("-") ? "<stdin>" : file;
    ScenarioRunner.Run run;
    try {
      run =
          ModelRun.run(
              options.model(spec.commandLine()),
              scenario,
              initial,
              kernelOptions.timeLimit(),
              ModelRun.PROGRESS_EVERY,
              "mountcheck diff: " + name,
              err);
    } catch (ModelRun.TimeLimitExceeded e) {
      err.println(e.getMessage());
      return 3;
    }
    ExpectedOutcome model = ModelAnswer.of(run, options.profile());
    ExpectedOutcome live = KernelRecorder.outcome(kernel, backend.release(), Instant.now());
    List<String> diff = new ArrayList<>(failingLineDifferences(name, scenario, model, live));
    diff.addAll(TableDiff.of("model", model.table(), "kernel", live.table()).lines());
    diff.addAll(OutcomeDiff.namespaces("model", model, "kernel", live));
    if (steps) {
      List<String> stepDiff = stepDifferences(scenario, err);
      if (stepDiff == null) return 3;
      diff.addAll(stepDiff);
    }
    if (quiet) return diff.isEmpty() ? 0 : 1;
    if (full) {
      out.println(
          "== model (--kernel "
              + options.kernel().series()
              + ", --umount "
              + options.umountName()
              + ")");
      print(out, name, scenario, model);
      out.println("== kernel " + backend.release());
      print(out, name, scenario, live);
      out.println("== difference (canonical form: ids, group ids and devices ignored)");
    }
    if (diff.isEmpty()) out.println("none: model and kernel agree");
    else diff.forEach(out::println);
    out.flush();
    return diff.isEmpty() ? 0 : 1;
  }

  /**
   * --steps: the scenario again, line by line, on the live kernel with a watcher: the first line
   * after which the tables part, the first whose events differ, the first shell exit whose events
   * differ; null (said on {@code err}) when the live kernel cannot be watched here.
   */
  private List<String> stepDifferences(Scenario scenario, PrintWriter err) {
    String reason = LiveEventRunner.unavailableReason();
    if (reason != null) {
      err.println("mountcheck diff --steps: cannot watch the live kernel here: " + reason);
      return null;
    }
    if (ScenarioScript.changesRoot(scenario)) {
      // the watcher's shell runs each line with the tools, which cannot follow a root change
      err.println(
          "mountcheck diff --steps: a scenario with chroot or pivot_root is not watched line by"
              + " line yet (docs/semantics.md §2.18)");
      return null;
    }
    LiveRun watched;
    try {
      watched = new LiveEventRunner(kernelOptions.timeLimit()).run(scenario);
    } catch (IOException | LiveException e) {
      err.println("mountcheck diff --steps: " + e.getMessage());
      return null;
    }
    List<String> diff = new ArrayList<>();
    Model semantics = options.model(spec.commandLine());
    ScenarioRunner.ObservedRun observed =
        new ScenarioRunner(semantics).observe(scenario, EventComparison.initialState(watched));
    String table = EventComparison.firstTableDifference(observed, watched);
    EventComparison.Difference events = EventComparison.firstDifference(observed, watched);
    if (table != null) diff.add("first line after which the tables part: " + table);
    if (events != null) diff.add("first line whose events differ: " + events.describe());
    if (table == null && events == null) {
      EventComparison.Difference exit =
          EventComparison.firstTeardownDifference(semantics, observed, watched);
      if (exit != null) diff.add("first shell exit whose events differ: " + exit.describe());
    }
    return diff;
  }

  /** Lines that fail on one side only, or with different errnos, in run's failure format. */
  static List<String> failingLineDifferences(
      String name, Scenario scenario, ExpectedOutcome model, ExpectedOutcome kernel) {
    Map<Integer, String> m = errnos(model);
    Map<Integer, String> k = errnos(kernel);
    TreeSet<Integer> lines = new TreeSet<>(m.keySet());
    lines.addAll(k.keySet());
    List<String> out = new ArrayList<>();
    for (int line : lines) {
      String a = m.getOrDefault(line, "ok");
      String b = k.getOrDefault(line, "ok");
      if (a.equals(b)) continue;
      String where = name + ":" + line + ": " + command(scenario, line) + ": ";
      out.add("model:  " + where + a);
      out.add("kernel: " + where + b);
    }
    return out;
  }

  private static Map<Integer, String> errnos(ExpectedOutcome o) {
    Map<Integer, String> m = new TreeMap<>();
    for (ExpectedOutcome.Failure f : o.failures()) m.put(f.line(), f.errno());
    return m;
  }

  private static String command(Scenario scenario, int line) {
    for (Step s : scenario.steps()) if (s.line() == line) return s.operation().toCommand();
    return "?";
  }

  private static void print(
      PrintWriter out, String name, Scenario scenario, ExpectedOutcome answer) {
    for (ExpectedOutcome.Failure f : answer.failures())
      out.println(name + ":" + f.line() + ": " + command(scenario, f.line()) + ": " + f.errno());
    out.print(MountInfoFormat.render(answer.rows()));
    out.print(ExpectedOutcome.renderNamespaces(answer.namespaces()));
  }
}
