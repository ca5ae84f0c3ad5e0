package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Growth at the edge of a level, far indexes, and copies made without an edit token. */
class PersistentArrayTest {
  @Test
  void theFirstIndexPastALevelMakesTheTreeGrow() {
    PersistentArray<String> a = PersistentArray.<String>empty().with(0, "a", null);
    PersistentArray<String> b = a.with(32, "b", null);
    assertEquals("a", b.get(0));
    assertEquals("b", b.get(32));
    PersistentArray<String> c = b.with(1024, "c", null);
    assertEquals("a", c.get(0));
    assertEquals("b", c.get(32));
    assertEquals("c", c.get(1024));
  }

  @Test
  void aFarIndexReadsBack() {
    PersistentArray<String> a = PersistentArray.<String>empty().with(1 << 27, "far", null);
    assertEquals("far", a.get(1 << 27));
    assertNull(a.get(0));
  }

  @Test
  void nullIntoAnEmptyArrayLeavesItAsItIs() {
    PersistentArray<String> empty = PersistentArray.empty();
    assertSame(empty, empty.with(3, null, null));
    assertNull(empty.with(3, null, new Object()).get(3));
  }

  @Test
  void editsWithoutATokenNeverChangeAnEarlierVersion() {
    PersistentArray<String> first = PersistentArray.<String>empty().with(1, "a", null);
    PersistentArray<String> second = first.with(1, "b", null);
    assertEquals("a", first.get(1));
    assertEquals("b", second.get(1));
  }
}
