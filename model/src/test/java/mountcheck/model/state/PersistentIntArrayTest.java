package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** {@link PersistentIntArray#nonZero} reads only below the length and at most what it expects. */
class PersistentIntArrayTest {
  @Test
  void valuesAtOrPastTheLengthAreLeftOutInEveryLeaf() {
    // 35 and 50 share the second leaf (indexes 32 to 63); the length 40 cuts it at 8
    PersistentIntArray a = PersistentIntArray.EMPTY.with(35, 3, null).with(50, 7, null);
    assertArrayEquals(new int[] {3}, a.nonZero(40, 2));
    assertArrayEquals(new int[] {3, 7}, a.nonZero(51, 2));
    PersistentIntArray b = PersistentIntArray.EMPTY.with(10, 1, null).with(40, 2, null);
    assertArrayEquals(new int[] {1}, b.nonZero(20, 2));
  }

  @Test
  void noMoreValuesThanExpectedAreCollected() {
    PersistentIntArray a = PersistentIntArray.EMPTY.with(1, 4, null).with(2, 5, null);
    assertArrayEquals(new int[] {4}, a.nonZero(10, 1));
    assertArrayEquals(new int[] {4, 5}, a.nonZero(10, 2));
  }
}
