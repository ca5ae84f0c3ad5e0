package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import mountcheck.model.text.ExpectedOutcome.Failure;
import org.junit.jupiter.api.Test;

class ExpectedOutcomeTest {
  private static final String TEXT =
      "# recorded from the live kernel by mountcheck's kernel runner\n"
          + "# kernel: 6.18.44\n"
          + "# date: 2026-11-30T10:00:00Z\n"
          + "fail 7 EINVAL\n"
          + "fail 9 EBUSY\n"
          + "mountinfo:\n"
          + "63 43 0:39 / /mnt rw,relatime shared:1 - tmpfs a rw\n"
          + "64 63 0:39 /x /mnt/a\\040b rw,relatime master:1 - tmpfs a rw\n";

  @Test
  void parsesHeaderFailuresAndRows() {
    ExpectedOutcome e = ExpectedOutcome.parse("x.expected", TEXT);
    assertEquals(
        List.of(
            "# recorded from the live kernel by mountcheck's kernel runner",
            "# kernel: 6.18.44",
            "# date: 2026-11-30T10:00:00Z"),
        e.header());
    assertEquals(List.of(new Failure(7, "EINVAL"), new Failure(9, "EBUSY")), e.failures());
    assertEquals(List.of(7, 9), e.failingLines());
    assertEquals(2, e.rows().size());
    assertEquals("/mnt/a b", e.rows().get(1).mountPoint());
    assertEquals(
        List.of("/mnt", "/mnt/a b"),
        e.table().mounts().stream().map(CanonicalMount::name).toList());
  }

  @Test
  void rendersBackTheSameText() {
    assertEquals(TEXT, ExpectedOutcome.parse("x.expected", TEXT).render());
  }

  @Test
  void acceptsNoFailuresAndNoRows() {
    ExpectedOutcome e = ExpectedOutcome.parse("x.expected", "mountinfo:\n");
    assertEquals(List.of(), e.failures());
    assertEquals(List.of(), e.rows());
  }

  @Test
  void reportsBadLinesWithFileAndLine() {
    ScenarioSyntaxException e =
        assertThrows(
            ScenarioSyntaxException.class,
            () -> ExpectedOutcome.parse("x.expected", "# h\nfail seven EINVAL\nmountinfo:\n"));
    assertEquals(
        "x.expected:2: expected 'fail LINE ERRNO' or 'mountinfo:', got 'fail seven EINVAL'",
        e.getMessage());
    assertThrows(
        ScenarioSyntaxException.class, () -> ExpectedOutcome.parse("x", "fail 1 EINVAL\n"));
    assertThrows(
        ScenarioSyntaxException.class, () -> ExpectedOutcome.parse("x", "mountinfo:\n1 2 3\n"));
  }
}
