package mountcheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChoiceSequenceTest {
  @Test
  void shorterSequencesAreSmallerWhateverTheirValues() {
    assertTrue(ChoiceSequence.of(9, 9).isSmallerThan(ChoiceSequence.of(0, 0, 0)));
    assertFalse(ChoiceSequence.of(0, 0, 0).isSmallerThan(ChoiceSequence.of(9, 9)));
  }

  @Test
  void equalLengthsCompareValueByValue() {
    assertTrue(ChoiceSequence.of(1, 5).isSmallerThan(ChoiceSequence.of(2, 0)));
    assertTrue(ChoiceSequence.of(1, 4).isSmallerThan(ChoiceSequence.of(1, 5)));
    assertEquals(0, ChoiceSequence.of(3, 4).compareTo(ChoiceSequence.of(3, 4)));
  }

  @Test
  void deleteAndWithDoNotChangeTheOriginal() {
    ChoiceSequence c = ChoiceSequence.of(1, 2, 3, 4);
    assertEquals(ChoiceSequence.of(1, 4), c.delete(1, 2));
    assertEquals(ChoiceSequence.of(1, 2, 0, 4), c.with(2, 0));
    assertEquals(ChoiceSequence.of(1, 2, 3, 4), c);
  }

  @Test
  void negativeChoicesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> ChoiceSequence.of(1, -1));
  }
}
