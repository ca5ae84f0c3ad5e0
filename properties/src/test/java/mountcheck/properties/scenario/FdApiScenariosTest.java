package mountcheck.properties.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.engine.Source;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.ScenarioPrinter;
import mountcheck.properties.generators.ScenarioGenerator;
import org.junit.jupiter.api.Test;

/**
 * The generated scenarios with {@code mountfd} lines ({@code conform --fd-api}): they print as
 * runnable lines that parse back to themselves, and path rewriting leaves descriptor names alone.
 */
class FdApiScenariosTest {
  @Test
  void mostScenariosMakeMountfdLinesAndEveryOneParsesBack() {
    int withMountfd = 0;
    for (long seed = 1; seed <= 100; seed++) {
      Scenario s =
          ScenarioGenerator.scenarios(ScenarioGenerator.Settings.withFdApi(1.0))
              .generate(Source.random(seed, 40));
      String text = ScenarioPrinter.print(s);
      assertEquals(s.operations(), ScenarioParser.parse("g.sh", text).operations(), text);
      if (text.contains("mountfd ")) withMountfd++;
    }
    // a third of the scenarios is the goal for the new operations
    assertTrue(withMountfd >= 34, "scenarios with mountfd lines: " + withMountfd);
  }

  @Test
  void pathRewritingMovesPathsAndKeepsNames() {
    Operation open = new OpenTree("t", "/mnt/a/b", true, false);
    Operation move = new MoveMount("t", "/mnt/a/c", MoveMount.Flag.NONE);
    assertEquals(
        new OpenTree("t", "/mnt/x/b", true, false),
        ScenarioPaths.mapPaths(open, p -> p.replace("/mnt/a", "/mnt/x")));
    assertEquals(
        new MoveMount("t", "/mnt/x/c", MoveMount.Flag.NONE),
        ScenarioPaths.mapPaths(move, p -> p.replace("/mnt/a", "/mnt/x")));
    assertEquals(List.of("/mnt/a/c"), ScenarioPaths.paths(move));
    // a path relative to a descriptor names no scenario path: it stays as it is
    Operation relative = new OpenTree("u", "t/A/AA", true, true);
    assertEquals(relative, ScenarioPaths.mapPaths(relative, p -> p.replace("/mnt/a", "/mnt/x")));
    assertEquals(List.of(), ScenarioPaths.paths(relative));
  }
}
