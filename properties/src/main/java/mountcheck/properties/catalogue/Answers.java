package mountcheck.properties.catalogue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.Namespace;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.StateMountInfo;
import mountcheck.model.text.TableDiff;

/**
 * A model run's whole answer, comparable across models: the failing lines with their errnos, and
 * the canonical table of every namespace (earlier namespaces receive propagation too).
 */
final class Answers {
  private Answers() {}

  static String failures(ScenarioRunner.Run run) {
    return run.failures().stream()
        .map(f -> f.step().line() + " " + f.errno())
        .collect(Collectors.joining(", ", "[", "]"));
  }

  static CanonicalTable table(ScenarioRunner.Run run, int namespace) {
    return CanonicalTable.of(StateMountInfo.rows(run.state(), namespace));
  }

  /** Null when both runs give the same failures and the same table in every namespace. */
  static String difference(
      String leftName, ScenarioRunner.Run left, String rightName, ScenarioRunner.Run right) {
    String lf = failures(left);
    String rf = failures(right);
    if (!lf.equals(rf))
      return "failing lines: " + leftName + " " + lf + "; " + rightName + " " + rf;
    Set<Integer> namespaces = new HashSet<>();
    for (Namespace n : left.state().namespaces()) namespaces.add(n.id());
    for (Namespace n : right.state().namespaces()) namespaces.add(n.id());
    for (int ns : namespaces.stream().sorted().toList()) {
      boolean inLeft = exists(left, ns);
      boolean inRight = exists(right, ns);
      if (inLeft != inRight)
        return "namespace " + ns + " exists only in " + (inLeft ? leftName : rightName);
      CanonicalTable a = table(left, ns);
      CanonicalTable b = table(right, ns);
      if (!a.equals(b)) {
        return "namespace "
            + ns
            + ": "
            + TableDiff.of(leftName, a, rightName, b).lines().stream()
                .collect(Collectors.joining("; "));
      }
    }
    return null;
  }

  private static boolean exists(ScenarioRunner.Run run, int ns) {
    List<Namespace> all = run.state().namespaces();
    return all.stream().anyMatch(n -> n.id() == ns);
  }
}
