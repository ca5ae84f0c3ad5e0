package mountcheck.properties.scenario;

import java.util.List;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.ScenarioPrinter;
import mountcheck.model.text.ScenarioSyntaxException;

/**
 * Whether a list of commands is a scenario the {@link ScenarioShrinker} may offer: its text parses
 * back to the same commands (a line naming {@code /} needs a root change line before it,
 * docs/language.md "The caller's root"), and the model runs it without calling a line not modelled
 * ({@code umount /} after a root change that failed, {@code exec} after one, ...). A deletion can
 * make either from a scenario that was fine; such a candidate fails every check for a reason that
 * is no counterexample, so the shrinker never checks it.
 */
final class ScenarioValidity {
  private static final String NAME = "candidate";

  private ScenarioValidity() {}

  /** True when {@code ops} print as lines that parse back to them and the model runs them. */
  static boolean runnable(List<Operation> ops) {
    Scenario scenario = Scenario.of(NAME, ops);
    try {
      if (!ScenarioParser.parse(NAME, ScenarioPrinter.print(scenario)).operations().equals(ops))
        return false;
    } catch (ScenarioSyntaxException e) {
      return false;
    }
    try {
      new ScenarioRunner(Model.linux()).run(scenario, MountTable.initial(100_000, 1));
    } catch (UnsupportedOperationException e) {
      return false; // the model's "not modelled"
    } catch (RuntimeException e) {
      return true; // a model failure is for the property to judge
    }
    return true;
  }
}
