package mountcheck.model.semantics;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.state.MountTable;

/**
 * Runs a scenario through a {@link Model}. A failing command does not stop the scenario; its
 * errno is recorded with its line. {@code mkdir -p A B} keeps the directories it could create,
 * as mkdir(1) does, even when another path fails.
 */
public final class ScenarioRunner {
  private final Model model;

  public ScenarioRunner(Model model) {
    this.model = model;
  }

  /** A command that failed, with its errno and the model's reason. */
  public record Failure(Step step, Errno errno, String reason) {}

  /** The final state and every failure, in scenario order. */
  public record Run(MountTable state, List<Failure> failures) {}

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
      }
      if (firstFailure != null) failures.add(firstFailure);
      observer.afterLine(++done, total);
    }
    return new Run(state, failures);
  }

  /**
   * The model operations one scenario line runs: {@code mkdir -p A B} is one mkdir per path, as
   * mkdir(1) makes each path on its own; any other line is itself.
   */
  public static List<? extends Operation> split(Operation op) {
    if (op instanceof MakeDirs d && d.paths().size() > 1) {
      return d.paths().stream().map(p -> new MakeDirs(List.of(p))).toList();
    }
    return List.of(op);
  }
}
