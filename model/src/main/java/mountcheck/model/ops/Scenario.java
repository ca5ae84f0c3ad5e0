package mountcheck.model.ops;

import java.util.ArrayList;
import java.util.List;

/** A scenario: the operations of a scenario file, in order, with their source lines. */
public record Scenario(String name, List<Step> steps) {
  public Scenario {
    steps = List.copyOf(steps);
  }

  /** A scenario of generated operations, numbered as consecutive lines from 1. */
  public static Scenario of(String name, List<? extends Operation> operations) {
    List<Step> steps = new ArrayList<>();
    for (Operation op : operations) steps.add(new Step(steps.size() + 1, op));
    return new Scenario(name, steps);
  }

  /**
   * The files the scenario persists namespaces on ({@code unshare --mount=FILE}), each once, in
   * order of first appearance: the answer shows the final table of each namespace still held there.
   */
  public List<String> namespaceFiles() {
    List<String> out = new ArrayList<>();
    for (Step s : steps)
      if (s.operation() instanceof PersistNamespace p && !out.contains(p.file())) out.add(p.file());
    return out;
  }

  public List<Operation> operations() {
    return steps.stream().map(Step::operation).toList();
  }
}
