package mountcheck.model.coverage;

import java.util.LinkedHashSet;
import java.util.Set;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.Result;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;

/** The coverage targets a whole scenario hits when the model runs it from a starting state. */
public final class CoverageRun {
  private CoverageRun() {}

  /** The targets the host's model hits. */
  public static Set<String> of(Scenario scenario, MountTable initial) {
    return of(scenario, initial, Model.linux());
  }

  /** The targets {@code model} (a kernel's rules) hits. */
  public static Set<String> of(Scenario scenario, MountTable initial, Model model) {
    CoverageClassifier classifier = new CoverageClassifier(model);
    Set<String> hits = new LinkedHashSet<>();
    MountTable state = initial;
    for (Step step : scenario.steps()) {
      for (Operation op : ScenarioRunner.split(step.operation())) {
        Result<MountTable> r = model.apply(state, op);
        hits.addAll(classifier.step(state, op, r));
        if (r instanceof Result.Ok<MountTable> ok) state = ok.value();
        else if (ScenarioRunner.stopsAtFailure(step.operation())) break;
      }
    }
    hits.addAll(CoverageClassifier.fields(state));
    return hits;
  }
}
