package mountcheck.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.z3.ChangeTypeBoundedCheck.Outcome;
import mountcheck.z3.ChangeTypeBoundedCheck.Rules;
import mountcheck.z3.ChangeTypeBoundedCheck.Start;
import org.junit.jupiter.api.Test;

class ChangeTypeBoundedCheckTest {

  @Test
  void linuxTypeChangesPreserveTheInvariantsFromAnyValidStateOfFourMounts() {
    // k = 1 from any valid state is the induction step
    assertFalse(ChangeTypeBoundedCheck.check(Rules.LINUX, Start.ANY_VALID, 4, 1).violation());
  }

  @Test
  void linuxTypeChangesAgreeWithTheInductionStepAtDeeperBounds() {
    List<Outcome> outcomes = ChangeTypeBoundedCheck.checkEach(Rules.LINUX, Start.ANY_VALID, 3, 4);
    assertEquals(4, outcomes.size());
    for (Outcome o : outcomes)
      assertFalse(o.violation(), "bound " + o.bound() + ": " + o.counterexample());
  }

  @Test
  void linuxTypeChangesFromOnePeerGroupKeepTheInvariantsForSixSteps() {
    for (Outcome o : ChangeTypeBoundedCheck.checkEach(Rules.LINUX, Start.ONE_PEER_GROUP, 4, 6))
      assertFalse(o.violation(), "bound " + o.bound() + ": " + o.counterexample());
  }

  @Test
  void makeSlaveThatKeepsItsSlavesIsCaughtFromAnyValidState() {
    Outcome o = ChangeTypeBoundedCheck.check(Rules.SLAVE_KEEPS_SLAVES, Start.ANY_VALID, 3, 1);
    assertTrue(o.violation());
    List<String> cex = o.counterexample();
    assertTrue(cex.get(0).startsWith("start: "), cex.toString());
    assertTrue(
        cex.get(1).matches("mount --make-(slave|private|unbindable) m\\d .*"), cex.toString());
    assertEquals("breaks: a master is shared (§1.6 inv. 4/5)", cex.get(2));
  }

  @Test
  void makeSlaveThatKeepsItsSlavesNeedsTwoStepsFromOnePeerGroup() {
    // m2 becomes a slave of its peer m1; then m1 stops being shared but keeps m2
    List<Outcome> outcomes =
        ChangeTypeBoundedCheck.checkEach(Rules.SLAVE_KEEPS_SLAVES, Start.ONE_PEER_GROUP, 3, 3);
    assertFalse(outcomes.get(0).violation());
    assertTrue(outcomes.get(1).violation());
    List<String> cex = outcomes.get(1).counterexample();
    assertEquals("start: m1 shared:1, m2 shared:1, m3 shared:1", cex.get(0));
    assertTrue(cex.get(1).startsWith("mount --make-slave m"), cex.toString());
    assertEquals("breaks: a master is shared (§1.6 inv. 4/5)", cex.get(3));
  }

  @Test
  void makeSharedThatKeepsUnbindableNeedsTwoStepsFromOnePeerGroup() {
    List<Outcome> outcomes =
        ChangeTypeBoundedCheck.checkEach(Rules.SHARED_KEEPS_UNBINDABLE, Start.ONE_PEER_GROUP, 3, 2);
    assertFalse(outcomes.get(0).violation());
    assertTrue(outcomes.get(1).violation());
    List<String> cex = outcomes.get(1).counterexample();
    assertTrue(cex.get(1).startsWith("mount --make-unbindable m"), cex.toString());
    assertTrue(cex.get(2).startsWith("mount --make-shared m"), cex.toString());
    assertEquals("breaks: unbindable is not shared (§1.6 inv. 8)", cex.get(3));
  }
}
