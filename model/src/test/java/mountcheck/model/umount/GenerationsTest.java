package mountcheck.model.umount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GenerationsTest {
  @Test
  void everyUmountNameResolvesToAnAlgorithmOfThatName() {
    assertEquals(
        List.of("naive", "2016", "2017", "2017-naive", "2025", "2025-naive", "spec"),
        Generations.names());
    for (String name : Generations.names()) {
      assertEquals(name, Generations.byName(name).orElseThrow().name());
    }
    assertTrue(Generations.byName("2018").isEmpty());
    assertEquals("2025", Generations.byName(Generations.DEFAULT).orElseThrow().name());
  }

  @Test
  void optimizedGenerationsHaveNaiveTwins() {
    assertEquals("2017-naive", Generations.naiveTwin("2017").orElseThrow().name());
    assertEquals("2025-naive", Generations.naiveTwin("2025").orElseThrow().name());
    assertTrue(Generations.naiveTwin("2016").isEmpty());
  }

  @Test
  void specificationRefusesLargeTrees() {
    OverlapFamily f = new OverlapFamily(5); // 31 candidates
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new MaximalSpec().plan(f, f.firstChain()));
    assertTrue(e.getMessage().contains("exponential"), e.getMessage());
  }

  /**
   * The 2016 rule is decided on first sight of each candidate, so it depends on the order of the
   * peer ring (fixed by 99b19d16471e). On C15's graph, walking the ring from the first self-bind
   * forwards meets every candidate after its children are gone: all five copies go. Walking it the
   * other way meets the lower copies first, while their children still stand: only the first bind
   * and the topmost copy on /mnt/2/1 go with U.
   */
  @Test
  void lock2016DependsOnThePeerRingOrder() {
    int[] forward = {2, 3, 5, 8, 6, 4, 7, 9}; // p, q, r1, r1q, s, sp, sq, sr
    int[] backward = {9, 7, 4, 6, 8, 5, 3, 2};
    assertEquals(Set.of(6, 4, 5, 7, 8, 9), victimsOf2016(forward), "forward ring");
    assertEquals(Set.of(6, 5, 9), victimsOf2016(backward), "backward ring");
  }

  /** C15's graph (ids as in HandBuiltCasesTest.C15) with the given ring; U = [s]. */
  private static Set<Integer> victimsOf2016(int[] ring) {
    TestGraph.Builder b = TestGraph.builder();
    int mnt = b.top(1);
    b.mount(mnt, 2, 2); // 2 p
    b.mount(mnt, 3, 2); // 3 q
    b.mount(2, 4, 4); // 4 sp
    b.mount(4, 4, 4); // 5 r1
    b.mount(5, 4, 4); // 6 s
    b.mount(3, 4, 4); // 7 sq
    b.mount(7, 4, 4); // 8 r1q
    b.mount(8, 4, 4); // 9 sr
    TestGraph g = b.share(1, ring).build();
    return Plans.victims(new Lock2016().plan(g, List.of(6)));
  }
}
