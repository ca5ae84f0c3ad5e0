package mountcheck.model.text;

import java.util.List;
import mountcheck.model.semantics.ScenarioRunner;

/** The model's answer to a scenario, in the same shape as a recorded kernel answer. */
public final class ModelAnswer {
  private ModelAnswer() {}

  public static ExpectedOutcome of(ScenarioRunner.Run run) {
    List<ExpectedOutcome.Failure> failures =
        run.failures().stream()
            .map(f -> new ExpectedOutcome.Failure(f.step().line(), f.errno().name()))
            .toList();
    return new ExpectedOutcome(List.of("# answered by the mountcheck model"), failures, StateMountInfo.rows(run.state()));
  }
}
