package mountcheck.properties.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.rcu.HeldUmount;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Setup;
import mountcheck.model.rcu.Transition;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * One scenario drives both models (docs/semantics.md §2.11 rule 6): the mount model says which
 * umount leaves a mount detached but held, and the lifetime model, started from that line, says
 * whether deferring the grace period of a lazy umount (the 2025 proposal, variant
 * detach-deferred-2025) breaks the mainline promise that cleanup is done before umount returns.
 */
class HeldUmountLifetimeTest {
  private static final String HELD =
      "mount -t tmpfs host /mnt\nmkdir -p /mnt/v\nmount -t tmpfs vol /mnt/v\ntouch /mnt/v/f\n"
          + "exec 3</mnt/v/f\numount -l /mnt/v\nexec 3<&-\n";
  private static final String UNHELD =
      "mount -t tmpfs host /mnt\nmkdir -p /mnt/v\nmount -t tmpfs vol /mnt/v\ntouch /mnt/v/f\n"
          + "umount -l /mnt/v\n";

  private static List<HeldUmount> umounts(String text) {
    ScenarioRunner.ObservedRun run =
        new ScenarioRunner(Model.linux())
            .observe(ScenarioParser.parse("t.sh", text), MountTable.initial(100_000, 1));
    return HeldUmount.of(run);
  }

  /**
   * Whether some schedule of the lifetime model violates cleanup-before-return. With {@code
   * sequential}, a holder closes only once the umounting task is done, as the scenario's lines run
   * one after the other ({@code exec 3<&-} comes after {@code umount -l} returned).
   */
  private static boolean cleanupMayFollowReturn(
      LifetimeDesign variant, HeldUmount h, boolean sequential) {
    RcuSystem sys = new RcuSystem(Setup.of(variant, h.scope(0), h.scenario()));
    Set<RcuState> seen = new HashSet<>();
    ArrayDeque<RcuState> todo = new ArrayDeque<>();
    todo.add(sys.initial());
    seen.add(sys.initial());
    while (!todo.isEmpty()) {
      RcuState s = todo.poll();
      List<Transition> next = sys.successors(s);
      if (next.isEmpty() && RcuProperty.CLEANUP_BEFORE_RETURN.violatedAtEnd(sys, s) != null)
        return true;
      for (Transition t : next) {
        if (sequential && t.label().matches("h[0-9]+: .*") && !sys.allTasksDone(s)) continue;
        if (RcuProperty.CLEANUP_BEFORE_RETURN.violatedBy(t) != null) return true;
        if (seen.add(t.next())) todo.add(t.next());
      }
    }
    return false;
  }

  @Test
  void theMountModelFindsTheHeldLazyUmount() {
    assertEquals(List.of(new HeldUmount(6, true, 1, 1)), umounts(HELD));
    assertEquals(List.of(new HeldUmount(5, true, 1, 0)), umounts(UNHELD));
  }

  @Test
  void deferringTheLazyUmountsGracePeriodMattersOnlyWithoutAHolder() {
    HeldUmount held = umounts(HELD).get(0);
    HeldUmount unheld = umounts(UNHELD).get(0);
    // mainline waits for the grace period in umount -l: cleanup is done before it returns
    assertFalse(cleanupMayFollowReturn(LifetimeDesign.MAINLINE, unheld, true));
    // the 2025 proposal returns first: with nobody else holding the mount, cleanup comes later
    assertTrue(cleanupMayFollowReturn(LifetimeDesign.DETACH_DEFERRED_2025, unheld, true));
    // with the shell's descriptor open the mount has another user while umount -l runs: the
    // final mntput is the holder's (exec 3<&- on a later line), so neither design breaks it
    assertFalse(cleanupMayFollowReturn(LifetimeDesign.MAINLINE, held, true));
    assertFalse(cleanupMayFollowReturn(LifetimeDesign.DETACH_DEFERRED_2025, held, true));
    // a holder that closes while umount -l is still running (a race no scenario line can make)
    // leaves the deferred design's umount as the last user again; mainline still holds
    assertTrue(cleanupMayFollowReturn(LifetimeDesign.DETACH_DEFERRED_2025, held, false));
    assertFalse(cleanupMayFollowReturn(LifetimeDesign.MAINLINE, held, false));
  }
}
