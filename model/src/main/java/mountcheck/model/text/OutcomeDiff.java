package mountcheck.model.text;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Compares two answers to one scenario (the model's and the kernel's, or a recorded one): the
 * failing lines with their errnos, then the canonical tables. Empty when they agree.
 */
public final class OutcomeDiff {
  private OutcomeDiff() {}

  public static List<String> of(
      String leftLabel, ExpectedOutcome left, String rightLabel, ExpectedOutcome right) {
    List<String> lines = new ArrayList<>();
    if (!left.failures().equals(right.failures())) {
      lines.add(
          "failing lines: "
              + leftLabel
              + " "
              + describe(left.failures())
              + "; "
              + rightLabel
              + " "
              + describe(right.failures()));
    }
    lines.addAll(TableDiff.of(leftLabel, left.table(), rightLabel, right.table()).lines());
    lines.addAll(namespaces(leftLabel, left, rightLabel, right));
    return lines;
  }

  /**
   * The differences of the held namespaces' tables: which files hold a namespace at the end, then
   * each namespace's canonical table under a {@code namespace FILE:} line. Empty when they agree.
   */
  public static List<String> namespaces(
      String leftLabel, ExpectedOutcome left, String rightLabel, ExpectedOutcome right) {
    List<String> lines = new ArrayList<>();
    List<String> leftFiles =
        left.namespaces().stream().map(ExpectedOutcome.NamespaceTable::file).toList();
    List<String> rightFiles =
        right.namespaces().stream().map(ExpectedOutcome.NamespaceTable::file).toList();
    if (!leftFiles.equals(rightFiles)) {
      lines.add(
          "namespaces held by files: "
              + leftLabel
              + " "
              + (leftFiles.isEmpty() ? "none" : String.join(", ", leftFiles))
              + "; "
              + rightLabel
              + " "
              + (rightFiles.isEmpty() ? "none" : String.join(", ", rightFiles)));
    } else {
      for (int i = 0; i < leftFiles.size(); i++) {
        List<String> d =
            TableDiff.of(
                    leftLabel,
                    left.namespaces().get(i).table(),
                    rightLabel,
                    right.namespaces().get(i).table())
                .lines();
        if (d.isEmpty()) continue;
        lines.add("namespace " + leftFiles.get(i) + ":");
        lines.addAll(d);
      }
    }
    return lines;
  }

  private static String describe(List<ExpectedOutcome.Failure> failures) {
    if (failures.isEmpty()) return "none";
    return failures.stream().map(f -> f.line() + " " + f.errno()).collect(Collectors.joining(", "));
  }
}
