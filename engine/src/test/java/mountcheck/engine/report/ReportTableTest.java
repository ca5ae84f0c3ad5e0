package mountcheck.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import mountcheck.engine.ChoiceSequence;
import mountcheck.engine.Failure;
import mountcheck.engine.LabelShare;
import mountcheck.engine.Outcome;
import mountcheck.engine.RunReport;
import mountcheck.engine.Verdict;
import org.junit.jupiter.api.Test;

class ReportTableTest {
  private static RunReport<String> report(
      Outcome outcome, Failure<String> failure, List<String> unmet) {
    return new RunReport<>(
        "umount-equivalence",
        "optimized equals naive",
        5,
        outcome,
        2000,
        outcome == Outcome.FAILED ? 1999 : 2000,
        30,
        List.of(
            new LabelShare("overlapping", 500, 0.25), new LabelShare("slave|of|slave", 20, 0.01)),
        unmet,
        null,
        1_000_000_000L,
        1_500_000_000L,
        failure);
  }

  @Test
  void aPassingRowShowsCountsLabelsTimeAndThroughput() {
    assertEquals(
        "| umount-equivalence | 2000 (+30 discarded) | overlapping 25.0%, slave\\|of\\|slave 1.0% |"
            + " 1.50 s (2000/s) | pass |  |",
        ReportTable.row(report(Outcome.PASSED, null, List.of()), null));
  }

  @Test
  void aFailingRowNamesTheMessageAndTheFile() {
    Failure<String> f =
        new Failure<>(
            3,
            "big",
            ChoiceSequence.of(1, 2),
            Verdict.fail("x"),
            "small",
            ChoiceSequence.of(1),
            "small",
            Verdict.fail("victims\ndiffer"),
            10,
            5,
            List.of());
    String row =
        ReportTable.row(report(Outcome.FAILED, f, List.of()), Path.of("counterexamples/u-1.sh"));
    assertEquals(
        "| umount-equivalence | 2000 (+30 discarded) | overlapping 25.0%, slave\\|of\\|slave 1.0% |"
            + " 1.50 s (2000/s) | FAIL: victims differ | counterexamples/u-1.sh |",
        row);
  }

  @Test
  void unmetLabelsAreAFailure() {
    String row =
        ReportTable.row(report(Outcome.LABELS_UNMET, null, List.of("label x too rare")), null);
    assertEquals(true, row.contains("| FAIL: label x too rare |"), row);
  }

  @Test
  void aTableHasTheHeaderAndOneLinePerRow() {
    String table =
        ReportTable.render(
            List.of(
                new ReportTable.Row(report(Outcome.PASSED, null, List.of()), null),
                new ReportTable.Row(report(Outcome.PASSED, null, List.of()), null)));
    String[] lines = table.split("\n");
    assertEquals(4, lines.length);
    assertEquals("| property | tries | labels | time | result | counterexample |", lines[0]);
  }

  @Test
  void manyLabelsAreCutAfterFour() {
    List<LabelShare> shares =
        List.of(
            new LabelShare("a", 5, 0.5),
            new LabelShare("b", 4, 0.4),
            new LabelShare("c", 3, 0.3),
            new LabelShare("d", 2, 0.2),
            new LabelShare("e", 1, 0.1),
            new LabelShare("f", 1, 0.1));
    assertEquals("a 50.0%, b 40.0%, c 30.0%, d 20.0%, +2 more", ReportTable.labels(shares));
  }
}
