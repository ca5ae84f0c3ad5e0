package mountcheck.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
}
