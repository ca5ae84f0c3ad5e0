package mountcheck.model.umount;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Comparison helpers: plans are compared as sets (orders are not part of the contract). */
final class Plans {
  private Plans() {}

  static Set<Integer> victims(UmountPlan plan) {
    return new TreeSet<>(plan.victims());
  }

  static Set<Reparent> reparents(UmountPlan plan) {
    return new HashSet<>(plan.reparents());
  }

  /** Victims start with U in order and hold no duplicates. */
  static void assertWellFormed(UmountPlan plan, List<Integer> u) {
    assertEquals(u, plan.victims().subList(0, u.size()), "victims must start with U");
    assertEquals(plan.victims().size(), victims(plan).size(), "duplicate victims");
  }

  static void assertPlan(
      UmountAlgorithm a,
      MountGraph g,
      List<Integer> u,
      Set<Integer> expectedVictims,
      Set<Reparent> expectedReparents) {
    UmountPlan plan = a.plan(g, u);
    assertWellFormed(plan, u);
    assertEquals(new TreeSet<>(expectedVictims), victims(plan), a.name() + ": victims");
    assertEquals(expectedReparents, reparents(plan), a.name() + ": reparents");
  }

  static boolean same(UmountPlan a, UmountPlan b) {
    return victims(a).equals(victims(b)) && reparents(a).equals(reparents(b));
  }

  static String describe(UmountPlan p) {
    return "victims=" + victims(p) + " reparents=" + p.reparents();
  }
}
