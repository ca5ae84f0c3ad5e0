package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Small rows whose edge cases the random test in PersistentStructuresTest rarely reaches. */
class IntRowsTest {
  private final Object edit = new Object();

  @Test
  void theLastMemberIsFoundAtTheFrontOfARowWithAHoleBehindIt() {
    IntRows rows = IntRows.EMPTY.add(3, 10, edit).add(3, 11, edit).remove(3, 11, edit);
    assertEquals(10, rows.last(3));
    assertEquals(10, rows.first(3));
    assertArrayEquals(new int[] {10}, rows.members(3));
  }

  @Test
  void aRingOfOneWrapsToItsOnlyMember() {
    IntRows rows = IntRows.EMPTY.add(3, 10, edit);
    assertEquals(10, rows.next(3, 10, true));
    assertEquals(0, rows.next(3, 10, false));
    IntRows two = rows.add(3, 11, edit).remove(3, 11, edit);
    assertEquals(10, two.next(3, 10, true));
    assertEquals(0, two.next(3, 10, false));
  }

  @Test
  void removingAMemberOfAnotherRowOrFromAnAbsentRowChangesNothing() {
    // 12 is at index 0 of row 4; index 0 of row 3 holds 10
    IntRows rows = IntRows.EMPTY.add(3, 10, edit).add(3, 11, edit).add(4, 12, edit);
    IntRows same = rows.remove(3, 12, edit);
    assertArrayEquals(new int[] {10, 11}, same.members(3));
    assertArrayEquals(new int[] {12}, same.members(4));
    assertSame(rows, rows.remove(9, 10, edit));
  }

  @Test
  void editsWithoutATokenNeverChangeAnEarlierVersion() {
    IntRows one = IntRows.EMPTY.add(3, 10, null);
    IntRows two = one.add(3, 11, null);
    IntRows three = two.add(3, 12, null);
    assertArrayEquals(new int[] {10}, one.members(3));
    assertArrayEquals(new int[] {10, 11}, two.members(3));
    assertArrayEquals(new int[] {10, 11, 12}, three.members(3));
  }

  @Test
  void aClearedRowHasNoMembers() {
    IntRows rows = IntRows.EMPTY.add(3, 10, edit).add(3, 11, edit).add(4, 12, edit);
    IntRows cleared = rows.clear(3, edit);
    assertArrayEquals(new int[0], cleared.members(3));
    assertEquals(0, cleared.size(3));
    assertEquals(0, cleared.first(3));
    assertArrayEquals(new int[] {12}, cleared.members(4));
    assertEquals(cleared, cleared.clear(5, edit));
  }
}
