package mountcheck.properties.rcu;

import java.util.List;
import mountcheck.model.rcu.RcuScenario;

/** A random interleaving of the lifetime model's steps: its scenario and the step labels taken. */
public record Schedule(RcuScenario scenario, List<String> labels) {
  public Schedule {
    labels = List.copyOf(labels);
  }
}
