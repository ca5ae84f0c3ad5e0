package mountcheck.model.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

class ScenarioShapeTest {
  private static ScenarioRunner.Run run(ScenarioShape shape, int commands, long seed) {
    Scenario s = ScenarioParser.parse(shape.label(), shape.text(commands, seed));
    assertEquals(commands, s.steps().size());
    return new ScenarioRunner(Model.linux()).run(s, MountTable.initial(Integer.MAX_VALUE, 1));
  }

  @Test
  void stackedMountsCoverEachOther() {
    ScenarioRunner.Run r = run(ScenarioShape.STACKED, 1000, 0);
    assertEquals(0, r.failures().size());
    assertEquals(1 + 1 + 998, r.state().mountCount()); // root, base, the stack
    int base = 2;
    assertEquals(
        r.state().mountIdLimit() - 1,
        r.state()
            .stackTop(
                r.state().lookup(base, r.state().childDentry(r.state().mount(base).root(), "a"))));
  }

  @Test
  void wideMountsEachPropagateToThePeer() {
    ScenarioRunner.Run r = run(ScenarioShape.WIDE, 1004, 0);
    assertEquals(0, r.failures().size());
    assertEquals(3 + 2 * 500, r.state().mountCount()); // root, base, its peer, two per mount
  }

  @Test
  void mixedIsSeededAndExercisesFailuresAndSuccesses() {
    String a = ScenarioShape.MIXED.text(2000, 1);
    assertEquals(a, ScenarioShape.MIXED.text(2000, 1));
    assertNotEquals(a, ScenarioShape.MIXED.text(2000, 2));
    ScenarioRunner.Run r = run(ScenarioShape.MIXED, 2000, 1);
    assertTrue(
        r.failures().size() > 100 && r.failures().size() < 1900, r.failures().size() + " failures");
    for (String kind : new String[] {"--rbind", "--move", "umount -l", "unshare", "--make-slave"}) {
      assertTrue(a.contains(kind), kind);
    }
  }
}
