package mountcheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Generators replayed from given choice sequences produce the values the encoding promises. */
class GenTest {
  private static <T> T replay(Gen<T> gen, int... choices) {
    return Runner.replay(gen, ChoiceSequence.of(choices), 10);
  }

  @Test
  void intRangeOffsetsFromTheLowerBoundAndClampsReplayedValues() {
    assertEquals(5, replay(Gen.intRange(3, 10), 2));
    assertEquals(10, replay(Gen.intRange(3, 10), 100));
    assertEquals(3, replay(Gen.intRange(3, 10)));
  }

  @Test
  void betweenAndPickAreTheUnboxedFormsForLambdaGenerators() {
    Source s = Source.replay(ChoiceSequence.of(2, 1, 50), 0);
    assertEquals(5, s.between(3, 10));
    assertEquals("b", s.pick(List.of("a", "b", "c")));
    assertEquals(10, s.between(3, 10));
  }

  @Test
  void exhaustedReplayPadsWithZerosAndMarksOverrun() {
    Source s = Source.replay(ChoiceSequence.of(4), 0);
    assertEquals(4, s.draw(9));
    assertFalse(s.overrun());
    assertEquals(0, s.draw(9));
    assertTrue(s.overrun());
    assertEquals(ChoiceSequence.of(4, 0), s.choices());
  }

  @Test
  void aBoundOfZeroDrawsNothing() {
    Source s = Source.replay(ChoiceSequence.of(7), 0);
    assertEquals(0, s.draw(0));
    assertEquals(7, s.draw(9));
  }

  @Test
  void listsReadAMoreFlagBeforeEachElement() {
    assertEquals(List.of(4, 2), replay(Gen.list(Gen.intRange(0, 9)), 1, 4, 1, 2, 0));
    assertEquals(List.of(), replay(Gen.list(Gen.intRange(0, 9))));
    assertEquals(List.of(0, 0), replay(Gen.list(Gen.intRange(0, 9), 2, 5)));
  }

  @Test
  void listOfDrawsTheLengthFirst() {
    assertEquals(
        List.of(7, 8), replay(Gen.listOf(Gen.intRange(0, 5), Gen.intRange(0, 9)), 2, 7, 8));
  }

  @Test
  void listElementsAreRecordedAsSpans() {
    Source s = Source.replay(ChoiceSequence.of(1, 4, 1, 2, 0), 10);
    Gen.list(Gen.intRange(0, 9)).generate(s);
    assertEquals(
        List.of(new Span(0, 2, Gen.LIST_ELEMENT), new Span(2, 4, Gen.LIST_ELEMENT)), s.spans());
  }

  @Test
  void oneOfAndElementsPickByIndex() {
    Gen<String> g = Gen.oneOf(Gen.constant("leaf"), Gen.intRange(0, 9).map(i -> "n" + i));
    assertEquals("leaf", replay(g, 0));
    assertEquals("n3", replay(g, 1, 3));
    assertEquals("c", replay(Gen.elements("a", "b", "c"), 2));
  }

  @Test
  void frequencyMapsChoicesToAlternativesByWeight() {
    Gen<String> g =
        Gen.frequency(Gen.weighted(1, Gen.constant("x")), Gen.weighted(3, Gen.constant("y")));
    assertEquals("x", replay(g, 0));
    assertEquals("y", replay(g, 1));
    assertEquals("y", replay(g, 3));
  }

  @Test
  void flatMapFeedsTheFirstValueIntoTheSecondGenerator() {
    Gen<List<Integer>> g =
        Gen.intRange(1, 3).flatMap(n -> Gen.listOf(Gen.constant(n), Gen.constant(n)));
    assertEquals(List.of(2, 2), replay(g, 1));
  }

  @Test
  void filterRetriesAndGivesUpByMarkingTheExampleInvalid() {
    Gen<Integer> odd = Gen.intRange(0, 9).filter(i -> i % 2 == 1, 3);
    Source ok = Source.replay(ChoiceSequence.of(2, 4, 5), 0);
    assertEquals(5, odd.generate(ok));
    assertFalse(ok.invalid());
    Source bad = Source.replay(ChoiceSequence.of(2, 4, 6), 0);
    odd.generate(bad);
    assertTrue(bad.invalid());
  }

  /** A binary tree as nested lists: a leaf is the empty list, a node holds two subtrees. */
  @Test
  void recursionStopsAtChoiceZeroAndAtTheDepthCap() {
    Gen<Object> tree =
        Gen.recursive(
            Gen.constant(List.of()), sub -> s -> List.of(sub.generate(s), sub.generate(s)), 2, 0.5);
    assertEquals(List.of(), replay(tree, 0));
    assertEquals(List.of(List.of(), List.of()), replay(tree, 1, 0, 0));
    // depth 2 is the cap: the inner level branches, the innermost is always a leaf
    assertEquals(List.of(List.of(List.of(), List.of()), List.of()), replay(tree, 1, 1, 0));
  }

  @Test
  void permutationsStartFromTheIdentityAndReachEveryOrder() {
    Gen<List<String>> g = Gen.permutation(List.of("a", "b", "c"));
    assertEquals(List.of("a", "b", "c"), replay(g));
    Set<List<String>> seen = new HashSet<>();
    for (int first = 0; first <= 2; first++) {
      for (int second = 0; second <= 1; second++) seen.add(replay(g, first, second));
    }
    assertEquals(
        Set.of(
            List.of("a", "b", "c"),
            List.of("a", "c", "b"),
            List.of("b", "a", "c"),
            List.of("b", "c", "a"),
            List.of("c", "a", "b"),
            List.of("c", "b", "a")),
        seen);
  }

  @Test
  void subsetsKeepOrderAndStartEmpty() {
    Gen<List<Integer>> g = Gen.subsetOf(List.of(1, 2, 3), 0.5);
    assertEquals(List.of(), replay(g));
    assertEquals(List.of(1, 3), replay(g, 1, 0, 1));
  }

  @Test
  void sizedGenerationSeesTheSizeParameterAndResizeChangesIt() {
    Gen<Integer> size = Gen.sized(n -> Gen.constant(n));
    assertEquals(10, replay(size));
    assertEquals(20, replay(size.resize(n -> n * 2)));
  }

  @Test
  void labelledAddsTheLabelToTheSource() {
    Source s = Source.replay(ChoiceSequence.of(3), 0);
    Gen.intRange(0, 9).labelled(i -> i > 2 ? "big" : null).generate(s);
    assertEquals(1, s.labelCount());
    assertEquals("big", s.labelAt(0));
  }
}
