package mountcheck.model.semantics;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.events.ChangeCounters;
import mountcheck.model.events.MountEvent;
import mountcheck.model.events.Touch;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.state.MountTable;

/**
 * Runs a scenario through a {@link Model}. A failing command does not stop the scenario; its errno
 * is recorded with its line. {@code mkdir -p A B} keeps the directories it could create, as
 * mkdir(1) does, even when another path fails.
 */
public final class ScenarioRunner {
  private final Model model;

  public ScenarioRunner(Model model) {
    this.model = model;
  }

  /** A command that failed, with its errno and the model's reason. */
  public record Failure(Step step, Errno errno, String reason) {}

  /**
   * The final state and every failure, in scenario order, with the files the scenario persisted
   * namespaces on ({@link Scenario#namespaceFiles()}), whose namespaces the answer shows too.
   */
  public record Run(MountTable state, List<Failure> failures, List<String> namespaceFiles) {
    public Run {
      namespaceFiles = List.copyOf(namespaceFiles);
    }

    public Run(MountTable state, List<Failure> failures) {
      this(state, failures, List.of());
    }
  }

  /**
   * Told after every scenario line how many lines ran; it may throw an unchecked exception to stop
   * the run (the command line's time limit does). The model itself keeps no clock.
   */
  @FunctionalInterface
  public interface LineObserver {
    void afterLine(int linesDone, int linesTotal);
  }

  public Run run(Scenario scenario, MountTable initial) {
    return run(scenario, initial, (done, total) -> {});
  }

  /** Runs the scenario, telling {@code observer} after every line. */
  public Run run(Scenario scenario, MountTable initial, LineObserver observer) {
    MountTable state = initial;
    List<Failure> failures = new ArrayList<>();
    int done = 0;
    int total = scenario.steps().size();
    for (Step step : scenario.steps()) {
      Failure firstFailure = null;
      for (Operation op : split(step.operation())) {
        Result<MountTable> r = model.apply(state, op);
        if (r instanceof Result.Ok<MountTable> ok) state = ok.value();
        else if (firstFailure == null) {
          Result.Err<MountTable> e = (Result.Err<MountTable>) r;
          firstFailure = new Failure(step, e.errno(), e.reason());
        }
        if (firstFailure != null && stopsAtFailure(step.operation())) break;
      }
      if (firstFailure != null) failures.add(firstFailure);
      observer.afterLine(++done, total);
    }
    return new Run(state, failures, scenario.namespaceFiles());
  }

  /**
   * One scenario line as observers see it: its failure (null when it succeeded), the mount events
   * it caused, the change counters after it, and the state after it.
   */
  public record ObservedStep(
      Step step,
      Failure failure,
      List<MountEvent> events,
      ChangeCounters counters,
      MountTable after) {}

  /** A run with every step observed. */
  public record ObservedRun(MountTable initial, List<ObservedStep> steps) {
    public MountTable state() {
      return steps.isEmpty() ? initial : steps.get(steps.size() - 1).after();
    }

    public List<Failure> failures() {
      List<Failure> out = new ArrayList<>();
      for (ObservedStep s : steps) if (s.failure() != null) out.add(s.failure());
      return out;
    }
  }

  /**
   * {@link #run}, keeping each line's events, counters and resulting state (states are immutable
   * and share structure, so keeping them costs what the steps changed).
   */
  public ObservedRun observe(Scenario scenario, MountTable initial) {
    MountTable state = initial;
    ChangeCounters counters = ChangeCounters.ZERO;
    List<ObservedStep> steps = new ArrayList<>();
    for (Step step : scenario.steps()) {
      Failure firstFailure = null;
      List<MountEvent> events = new ArrayList<>();
      List<Touch> touches = new ArrayList<>();
      for (Operation op : split(step.operation())) {
        Model.Observed o = model.observe(state, op);
        events.addAll(o.changes().events());
        touches.addAll(o.changes().touches());
        if (o.result() instanceof Result.Ok<MountTable> ok) state = ok.value();
        else if (firstFailure == null) {
          Result.Err<MountTable> e = (Result.Err<MountTable>) o.result();
          firstFailure = new Failure(step, e.errno(), e.reason());
        }
        if (firstFailure != null && stopsAtFailure(step.operation())) break;
      }
      counters = counters.apply(touches);
      steps.add(new ObservedStep(step, firstFailure, List.copyOf(events), counters, state));
    }
    return new ObservedRun(initial, steps);
  }

  /**
   * The model operations one scenario line runs: {@code mkdir -p A B} is one mkdir per path, as
   * mkdir(1) makes each path on its own, and so are {@code touch A B} and {@code rmdir A B} (also
   * after nsenter); {@code mount --bind -o OPTS} is the bind and then a remount of the target that
   * sets OPTS alone (the remount runs only when the bind worked, {@link #stopsAtFailure}); any
   * other line is itself.
   */
  public static List<? extends Operation> split(Operation op) {
    if (op instanceof MakeDirs d && d.paths().size() > 1) {
      return d.paths().stream().map(p -> new MakeDirs(List.of(p))).toList();
    }
    if (op instanceof MakeFiles d && d.paths().size() > 1) {
      return d.paths().stream().map(p -> new MakeFiles(List.of(p))).toList();
    }
    if (op instanceof RemoveDirs d && d.paths().size() > 1) {
      return d.paths().stream().map(p -> new RemoveDirs(List.of(p))).toList();
    }
    if (op instanceof Bind b && bindRemounts(b)) {
      // util-linux 2.38: mount(SRC, DST, MS_BIND[|MS_REC]), then mount("none", DST,
      // MS_REMOUNT|MS_BIND|OPTS) of the new top mount alone, nothing merged
      List<String> exactly = new ArrayList<>(RemountMount.CLEAR_ALL);
      exactly.addAll(b.options());
      return List.of(
          new Bind(b.source(), b.target(), b.recursive()), new Remount(true, exactly, b.target()));
    }
    if (op instanceof Nsenter n) {
      List<? extends Operation> parts = split(n.command());
      if (parts.size() > 1) return parts.stream().map(p -> new Nsenter(n.file(), p)).toList();
    }
    return List.of(op);
  }

  /**
   * Whether the parts of {@code op} ({@link #split}) stop at the first failure (mount(8) does not
   * remount when its bind failed) rather than go on as mkdir, touch and rmdir do.
   */
  public static boolean stopsAtFailure(Operation op) {
    if (op instanceof Nsenter n) return stopsAtFailure(n.command());
    return op instanceof Bind b && bindRemounts(b);
  }

  /**
   * Whether util-linux 2.38 follows {@code mount --bind -o OPTS} with a remount: when OPTS leave
   * one of libmount's bind-settable flags set ({@code -o rw} alone, {@code suid} or {@code
   * strictatime} alone makes none, and no second call; {@link MountFlagWords#BIND_SETTABLE}).
   */
  static boolean bindRemounts(Bind b) {
    return (MountFlagWords.apply(0, b.options()) & MountFlagWords.BIND_SETTABLE) != 0;
  }
}
