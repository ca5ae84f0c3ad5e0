package mountcheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The shrinker's named passes, alone and together, and what their statistics count. */
class ShrinkPassTest {
  private static final ShrinkLimits LIMITS = ShrinkLimits.DEFAULT;

  /**
   * A replay where every choice is one span labelled by its position's parity ("even", "odd"),
   * failing when some choice is at least 7.
   */
  private static Attempt<List<Integer>> replay(ChoiceSequence c) {
    List<Integer> v = new ArrayList<>();
    List<Span> spans = new ArrayList<>();
    for (int i = 0; i < c.length(); i++) {
      v.add(c.get(i));
      spans.add(new Span(i, i + 1, i % 2 == 0 ? "even" : "odd"));
    }
    boolean fails = v.stream().anyMatch(x -> x >= 7);
    return fails
        ? new Attempt<>(Attempt.Status.FAIL, c, spans, v, Verdict.fail("has a 7"))
        : new Attempt<>(Attempt.Status.PASS, c, null, v, Verdict.pass());
  }

  private static final Function<ChoiceSequence, Attempt<List<Integer>>> TESTER =
      ShrinkPassTest::replay;

  private static Map<String, PassStatistics> byName(List<PassStatistics> s) {
    return s.stream().collect(Collectors.toMap(PassStatistics::pass, p -> p));
  }

  @Test
  void deleteSpansAloneRemovesEveryOtherChoiceAndCountsThem() {
    Attempt<List<Integer>> start = replay(ChoiceSequence.of(1, 2, 9, 3));
    ChoiceShrinker.Result<List<Integer>> r =
        ChoiceShrinker.shrink(start, TESTER, LIMITS, List.of("delete-spans"));
    assertEquals(List.of(9), r.best().value(), "9 cannot be lowered by deletions");
    assertEquals(1, r.passes().size());
    PassStatistics p = r.passes().get(0);
    assertEquals("delete-spans", p.pass());
    assertEquals(3, p.successes(), "3, then 2, then 1 deleted");
    assertEquals(3, p.removed());
    assertEquals(r.steps(), p.calls(), "the only pass made every call");
  }

  @Test
  void lowerValuesAloneKeepsTheLengthAndRemovesNothing() {
    Attempt<List<Integer>> start = replay(ChoiceSequence.of(1, 2, 9, 3));
    ChoiceShrinker.Result<List<Integer>> r =
        ChoiceShrinker.shrink(start, TESTER, LIMITS, List.of("lower-values"));
    assertEquals(List.of(0, 0, 7, 0), r.best().value());
    PassStatistics p = byName(r.passes()).get("lower-values");
    assertEquals(0, p.removed());
    assertEquals(r.improvements(), p.successes());
  }

  @Test
  void allPassesReportInOrderAndAddUpToTheTotals() {
    Attempt<List<Integer>> start = replay(ChoiceSequence.of(1, 2, 9, 3, 8));
    ChoiceShrinker.Result<List<Integer>> r = ChoiceShrinker.shrink(start, TESTER, LIMITS);
    assertEquals(List.of(7), r.best().value());
    assertEquals(ChoiceShrinker.PASSES, r.passes().stream().map(PassStatistics::pass).toList());
    assertEquals(r.steps(), r.passes().stream().mapToInt(PassStatistics::calls).sum());
    assertEquals(r.improvements(), r.passes().stream().mapToInt(PassStatistics::successes).sum());
    assertEquals(4, r.passes().stream().mapToInt(PassStatistics::removed).sum());
  }

  @Test
  void sortSpansSwapsOnlySpansOfTheSameLabel() {
    // two-choice spans: [5,0] "a", [1,7] "a", [0,7] "b". The first two swap (the smaller moves to
    // the front); [5,0] "a" and [0,7] "b" would be a smaller swap too, but their labels differ
    Function<ChoiceSequence, Attempt<List<Integer>>> tester =
        c -> {
          List<Integer> v = new ArrayList<>();
          for (int i = 0; i < c.length(); i++) v.add(c.get(i));
          List<Span> spans = new ArrayList<>();
          for (int i = 0; i + 2 <= c.length(); i += 2) {
            spans.add(new Span(i, i + 2, i == 4 ? "b" : "a"));
          }
          boolean fails = v.size() == 6 && v.stream().mapToInt(x -> x).sum() >= 20;
          return fails
              ? new Attempt<>(Attempt.Status.FAIL, c, spans, v, Verdict.fail("sum"))
              : new Attempt<>(Attempt.Status.PASS, c, null, v, Verdict.pass());
        };
    Attempt<List<Integer>> start = tester.apply(ChoiceSequence.of(5, 0, 1, 7, 0, 7));
    ChoiceShrinker.Result<List<Integer>> r =
        ChoiceShrinker.shrink(start, tester, LIMITS, List.of("sort-spans"));
    assertEquals(List.of(1, 7, 5, 0, 0, 7), r.best().value(), "a/a swapped, a/b not");
    assertEquals(1, byName(r.passes()).get("sort-spans").successes());
  }

  @Test
  void anUnknownPassIsRefused() {
    Attempt<List<Integer>> start = replay(ChoiceSequence.of(9));
    assertThrows(
        IllegalArgumentException.class,
        () -> ChoiceShrinker.shrink(start, TESTER, LIMITS, List.of("no-such-pass")));
  }
}
