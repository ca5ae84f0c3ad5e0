package mountcheck.properties.rcu;

import java.util.List;
import mountcheck.model.rcu.RcuScenario;

/**
 * A numbered step list that drives the model from a scenario's initial state to a violation of
 * {@code property}.
 *
 * @param property the violated property
 * @param variant the variant's --variant name
 * @param bound the K of {@code Scope.ofBound}
 * @param scenario the scenario the steps start from
 * @param steps the transition labels, in order
 * @param violation what went wrong at the last step
 * @param status witness or regression
 */
public record Counterexample(
    RcuProperty property,
    String variant,
    int bound,
    RcuScenario scenario,
    List<String> steps,
    String violation,
    TraceStatus status) {
  public Counterexample {
    steps = List.copyOf(steps);
  }

  /** The same steps found for another variant that behaves alike in the scenario. */
  public Counterexample withVariant(String name) {
    return new Counterexample(property, name, bound, scenario, steps, violation, status);
  }
}
