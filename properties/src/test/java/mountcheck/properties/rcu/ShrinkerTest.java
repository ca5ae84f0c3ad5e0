package mountcheck.properties.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Variant;
import org.junit.jupiter.api.Test;

class ShrinkerTest {
  @Test
  void dropsStepsThatDoNotMatter() {
    RcuSystem sys = RcuSystem.of(Variant.BATCH_WITHOUT_FLUSH, Scope.ofBound(2), RcuScenario.IPC);
    List<String> padded =
        List.of(
            "t0: create_ipc_ns: ucount 1/1, created",
            "t0: put_ipc_ns: last reference, onto the free list, schedule_work(free_ipc_work)",
            "kworker: free_ipc takes 1 from the free list, mnt_make_shortterm, synchronize_rcu:"
                + " grace period 0 starts",
            "rcu: grace period 0 ends",
            "kworker: free_ipc: grace period 0 over, free_ipc_ns x 1 (ucount 0)",
            "t0: create_ipc_ns: ucount 1/1, created",
            "t0: put_ipc_ns: last reference, onto the free list, schedule_work(free_ipc_work)",
            "t0: create_ipc_ns: ucount at limit (1/1): ENOSPC with 0 in use");
    assertTrue(Replay.run(sys, RcuProperty.NO_SPURIOUS_ENOSPC, padded).violated());
    List<String> small = Shrinker.shrink(sys, RcuProperty.NO_SPURIOUS_ENOSPC, padded);
    // create, put, create: the free worker must not have run in between
    assertEquals(List.of(padded.get(0), padded.get(1), padded.get(7)), small);
  }

  @Test
  void randomSchedulesFindAndShrinkTheDetachDeferral() {
    RandomSchedules.Outcome o =
        RandomSchedules.search(Variant.DETACH_DEFERRED_2025, Scope.ofBound(2), 42, 200, 200);
    Counterexample c = o.found().get(RcuProperty.CLEANUP_BEFORE_RETURN);
    assertEquals(4, c.steps().size(), String.join("\n", c.steps()));
    assertTrue(c.steps().get(3).contains("return to user space"));
    assertTrue(Replay.asRecorded(c, Replay.run(c)));
  }

  @Test
  void randomSchedulesFindNothingOnMainline() {
    RandomSchedules.Outcome o =
        RandomSchedules.search(Variant.MAINLINE, Scope.ofBound(3), 7, 300, 300);
    assertTrue(o.found().isEmpty(), o.found().toString());
    assertTrue(o.steps() > 1000);
  }
}
