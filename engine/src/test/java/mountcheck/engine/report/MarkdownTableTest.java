package mountcheck.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownTableTest {
  @Test
  void rendersHeaderAlignmentAndRows() {
    String t = new MarkdownTable("name", "n").rightAligned(1).row("a", 1).row("b").render();
    assertEquals("| name | n |\n|---|---:|\n| a | 1 |\n| b |  |\n", t);
  }

  @Test
  void escapesPipesAndJoinsLines() {
    String t = new MarkdownTable("message").row("make-shared|slave\n  failed").render();
    assertEquals("| message |\n|---|\n| make-shared\\|slave failed |\n", t);
    assertEquals("| a\\|b | c |", MarkdownTable.line(List.of("a|b", "c")));
  }

  @Test
  void refusesMoreCellsThanColumns() {
    assertThrows(IllegalArgumentException.class, () -> new MarkdownTable("one").row("a", "b"));
  }
}
