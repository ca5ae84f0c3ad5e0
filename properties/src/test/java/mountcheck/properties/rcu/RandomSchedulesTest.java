package mountcheck.properties.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.Scope;
import org.junit.jupiter.api.Test;

class RandomSchedulesTest {
  @Test
  void randomSchedulesThroughTheEngineFindAndShrinkTheDetachDeferral() {
    RandomSchedules.Outcome o =
        RandomSchedules.search(LifetimeDesign.DETACH_DEFERRED_2025, Scope.ofBound(2), 42, 200, 200);
    Counterexample c = o.found().get(RcuProperty.CLEANUP_BEFORE_RETURN);
    assertEquals(4, c.steps().size(), String.join("\n", c.steps()));
    assertTrue(c.steps().get(3).contains("return to user space"));
    assertTrue(Replay.asRecorded(c, Replay.run(c)));
  }

  @Test
  void randomSchedulesFindNoGuaranteeViolationOnMainline() {
    RandomSchedules.Outcome o =
        RandomSchedules.search(LifetimeDesign.MAINLINE, Scope.ofBound(3), 7, 150, 300);
    for (RcuProperty p : o.found().keySet())
      assertFalse(p.guarantee(), p.id() + ": " + o.found().get(p));
    long guarantees = Arrays.stream(RcuProperty.values()).filter(RcuProperty::guarantee).count();
    assertTrue(
        o.walks() >= guarantees * 150 * RcuScenario.values().length,
        "every guaranteed property checked on 150 schedules of each scenario: " + o.walks());
  }
}
