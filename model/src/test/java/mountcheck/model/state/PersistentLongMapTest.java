package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Edge cases of the hash trie that random edits rarely reach. */
class PersistentLongMapTest {
  @Test
  void bindingAKeyToTheValueItHasLeavesTheMapAsItIs() {
    Object edit = new Object();
    PersistentLongMap m = PersistentLongMap.EMPTY.with(5, 50, edit).with(6, 60, edit);
    PersistentLongMap same = m.with(5, 50, new Object());
    assertSame(m, same);
    assertEquals(50, same.get(5));
    assertEquals(60, same.get(6));
    assertEquals(2, same.size());
  }

  @Test
  void keysWhoseLowHalvesScrambleAlikeStayApartByTheirParentHalf() {
    // fmix32(0) ^ reverse(1) == fmix32(1616413589) ^ reverse(2) (found by inverting fmix32):
    // the two paths differ only in the high half, the parent id
    long first = 1L << 32;
    long second = (2L << 32) | 1616413589L;
    PersistentLongMap m = PersistentLongMap.EMPTY.with(first, 10, null).with(second, 20, null);
    assertEquals(10, m.get(first));
    assertEquals(20, m.get(second));
    assertEquals(2, m.size());
    PersistentLongMap without = m.without(first, null);
    assertEquals(0, without.get(first));
    assertEquals(20, without.get(second));
  }
}
