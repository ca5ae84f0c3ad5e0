package mountcheck.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.z3.ChangeTypeBoundedCheck.Outcome;
import mountcheck.z3.ChangeTypeBoundedCheck.Rules;
import org.junit.jupiter.api.Test;

class ChangeTypeBoundedCheckTest {

  @Test
  void linuxTypeChangesKeepTheInvariantsOnThreeMountsForSixSteps() {
    List<Outcome> outcomes = ChangeTypeBoundedCheck.checkEach(Rules.LINUX, 3, 6);
    assertEquals(6, outcomes.size());
    for (Outcome o : outcomes) assertFalse(o.violation(), "bound " + o.bound() + ": " + o.counterexample());
  }

  @Test
  void linuxTypeChangesKeepTheInvariantsOnFourMountsForTwoSteps() {
    assertFalse(ChangeTypeBoundedCheck.check(Rules.LINUX, 4, 2).violation());
  }

  @Test
  void makeSlaveThatKeepsItsSlavesLeavesASlaveOfAPrivateMount() {
    Outcome o = ChangeTypeBoundedCheck.check(Rules.SLAVE_KEEPS_SLAVES, 3, 2);
    assertTrue(o.violation());
    List<String> cex = o.counterexample();
    assertTrue(cex.get(0).startsWith("start: "), cex.toString());
    assertTrue(cex.get(1).matches("mount --make-(slave|private|unbindable) m\\d .*"), cex.toString());
    assertEquals("breaks: a master is shared (§1.6 inv. 4/5)", cex.get(cex.size() - 1));
  }

  @Test
  void makeSharedThatKeepsUnbindableIsCaught() {
    Outcome o = ChangeTypeBoundedCheck.check(Rules.SHARED_KEEPS_UNBINDABLE, 3, 2);
    assertTrue(o.violation());
    List<String> cex = o.counterexample();
    assertTrue(cex.get(1).startsWith("mount --make-shared m"), cex.toString());
    assertEquals("breaks: unbindable is not shared (§1.6 inv. 8)", cex.get(cex.size() - 1));
  }
}
