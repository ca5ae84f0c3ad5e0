package mountcheck.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import mountcheck.model.semantics.MountTableGraph;
import mountcheck.model.state.MountTable;
import org.junit.jupiter.api.Test;

/** The oracle against the model's Receivers and ReferenceUmount2025 on random states. */
class OracleCrossCheckTest {

  @Test
  void oracleAgreesWithTheModelOnThreeHundredRandomStates() {
    OracleCrossCheck.Report r = new OracleCrossCheck(new RandomStates(40, 40)).run(1, 300);
    assertEquals(List.of(), r.disagreements());
    assertEquals(300, r.states());
    // the states are not trivial: the umounts propagate, and the trimming rules drop candidates
    assertTrue(r.umounts() >= 250, "umount comparisons: " + r);
    assertTrue(r.propagated() >= 60, "umounts with propagated victims: " + r);
    assertTrue(r.trimmed() >= 15, "umounts where a candidate survived: " + r);
  }

  @Test
  void sameSeedSameScenario() {
    RandomStates rs = new RandomStates(40, 40);
    assertEquals(rs.scenario(7), rs.scenario(7));
    assertTrue(rs.state(7).mountCount() <= 40);
  }

  @Test
  void graphFormAnswersLikeTheTableForm() {
    RandomStates rs = new RandomStates(40, 40);
    for (long seed = 1; seed <= 20; seed++) {
      MountTable t = rs.state(seed);
      MountTableGraph g = new MountTableGraph(t);
      List<Integer> u = OracleCrossCheck.pickU(t, g, new Random(seed));
      try (PropagationOracle fromTable = PropagationOracle.of(t);
          PropagationOracle fromGraph = PropagationOracle.of(g, t.mountIds())) {
        assertEquals(fromTable.receivers(), fromGraph.receivers(), "seed " + seed);
        if (!u.isEmpty()) assertEquals(fromTable.victims(u), fromGraph.victims(u), "seed " + seed);
      }
    }
  }
}
