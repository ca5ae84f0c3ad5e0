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
    return lines;
  }

  private static String describe(List<ExpectedOutcome.Failure> failures) {
    if (failures.isEmpty()) return "none";
    return failures.stream().map(f -> f.line() + " " + f.errno()).collect(Collectors.joining(", "));
  }
}
