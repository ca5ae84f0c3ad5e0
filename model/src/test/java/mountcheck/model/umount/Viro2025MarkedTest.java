package mountcheck.model.umount;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * T_MARKED keeps trim_ancestors linear on long chains of root overmounts (f0d0ba19985d;
 * docs/semantics.md §3.5): each upward walk marks the links it climbs and stops at a marked one.
 *
 * <p>The shape: a1 shared, a2 its slave (a bind of the same root). On a1, a stack of k tmpfs
 * u1..uk, each on the root of the one below and each shared in a group of its own; a2 received the
 * copies c1..ck, ci a slave of ui, ci on the root of c(i-1). Every ci also has a private child xi
 * at a subdirectory, which the umount does not reach. Unmounting u1 (lazily) gives U = u1..uk; the
 * candidates are c1..ck; each ci keeps xi mounted strictly inside it, so no candidate may go.
 *
 * <p>Work, counted by hand (one unit per loop step, lookup, receiver reached and parent climbed):
 *
 * <ul>
 *   <li>gathering, per ui: 1 step, 1 to reach the receiver (a2 for u1, c(i-1) otherwise), 1 lookup,
 *       1 to climb back to the origin, where the walk ends: 4k;
 *   <li>trim_one, per ci: 1 (its first child is xi, outside the set and not on its root): k;
 *   <li>trim_ancestors from ck (processed first, the list is walked backwards): k-1 links up to c1,
 *       each marked; from ci, 1 < i < k: 1 (the link ci -> c(i-1) is marked); from c1: 0 (a2 is not
 *       a candidate): 2k-3 in all;
 *   <li>no candidate is committed, so neither handle_locked nor reparenting does any work.
 * </ul>
 *
 * That is 7k-3. Without the mark each ci climbs i-1 links, k(k-1)/2 in all, and the count for
 * k=1000 would be 504,500 (5k + k(k-1)/2) instead of 6,997.
 */
class Viro2025MarkedTest {
  private static final int FS_ROOT = 100;
  private static final int STACK_ROOT = 200;
  private static final int STACK_SUBDIR = 201;

  record Chain(TestGraph graph, List<Integer> u) {}

  static Chain chain(int k) {
    TestGraph.Builder b = TestGraph.builder();
    int top = b.top(1);
    int a1 = b.mount(top, 10, FS_ROOT);
    int a2 = b.mount(top, 11, FS_ROOT);
    b.share(1, a1).slaves(a1, a2);
    List<Integer> u = new ArrayList<>();
    int belowU = a1;
    int belowC = a2;
    for (int i = 1; i <= k; i++) {
      int ui = b.mount(belowU, i == 1 ? FS_ROOT : STACK_ROOT, STACK_ROOT);
      int ci = b.mount(belowC, i == 1 ? FS_ROOT : STACK_ROOT, STACK_ROOT);
      b.mount(ci, STACK_SUBDIR, 300 + i); // xi, created before c(i+1): ci's first child
      b.share(1000 + i, ui).slaves(ui, ci);
      u.add(ui);
      belowU = ui;
      belowC = ci;
    }
    return new Chain(b.build(), u);
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 10, 100, 1000})
  void longChainsOfRootOvermountsCostLinearWork(int k) {
    Chain c = chain(k);
    UmountPlan plan = Viro2025.optimized().plan(c.graph(), c.u());
    assertEquals(Set.copyOf(c.u()), Set.copyOf(plan.victims()), "only U goes");
    assertEquals(List.of(), plan.reparents());
    assertEquals(7L * k - 3, plan.work(), "hand-derived work count");
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 10})
  void theNaiveTwinAndTheSpecificationAgree(int k) {
    Chain c = chain(k);
    Set<Integer> expected = Set.copyOf(c.u());
    assertEquals(expected, Set.copyOf(Viro2025.naiveGathering().plan(c.graph(), c.u()).victims()));
    if (k <= 3) {
      assertEquals(expected, Set.copyOf(new MaximalSpec().plan(c.graph(), c.u()).victims()));
    }
  }
}
