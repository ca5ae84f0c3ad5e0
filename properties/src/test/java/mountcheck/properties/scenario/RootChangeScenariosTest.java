package mountcheck.properties.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.engine.Source;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.ScenarioPrinter;
import mountcheck.properties.generators.ScenarioGenerator;
import org.junit.jupiter.api.Test;

/**
 * The generated root changes ({@code conform --fd-api}, docs/semantics.md §2.18): a share of the
 * scenarios chroots or pivots, each prints as lines that parse back to themselves, the model runs
 * every one (nothing it refuses after a root change is drawn), and path rewriting moves both paths
 * of a pivot_root.
 */
class RootChangeScenariosTest {
  @Test
  void aShareOfTheFdApiScenariosChangesTheRootAndTheModelRunsThem() {
    int chroots = 0;
    int pivots = 0;
    for (long seed = 1; seed <= 200; seed++) {
      Scenario s =
          ScenarioGenerator.scenarios(ScenarioGenerator.Settings.withFdApi(1.0))
              .generate(Source.random(seed, 40));
      String text = ScenarioPrinter.print(s);
      assertEquals(s.operations(), ScenarioParser.parse("g.sh", text).operations(), text);
      new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100_000, 1));
      for (Operation op : s.operations()) {
        if (op instanceof ChangeRoot) chroots++;
        if (op instanceof PivotRoot) pivots++;
      }
    }
    // a quarter of the scenarios draws a root change, a third of them a chroot
    assertTrue(chroots >= 10, "chroot lines: " + chroots);
    assertTrue(pivots >= 20, "pivot_root lines: " + pivots);
  }

  @Test
  void pathRewritingMovesBothPathsOfAPivot() {
    Operation pivot = new PivotRoot("/mnt/a", "/mnt/a/b");
    assertEquals(
        new PivotRoot("/mnt/x", "/mnt/x/b"),
        ScenarioPaths.mapPaths(pivot, p -> p.replace("/mnt/a", "/mnt/x")));
    assertEquals(List.of("/mnt/a", "/mnt/a/b"), ScenarioPaths.paths(pivot));
    assertEquals("chroot", ScenarioSpans.kind(new ChangeRoot("/mnt/a")));
  }
}
