package mountcheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunnerTest {
  private static final RunConfig QUIET =
      RunConfig.defaults().withLog(line -> {}).withTimeLimit(Duration.ofMinutes(5));

  private static final Gen<List<Integer>> LISTS = Gen.list(Gen.intRange(0, 1000));

  private static <T> List<T> examplesOf(Gen<T> gen, long seed, int tries) {
    List<T> seen = new ArrayList<>();
    Property<T> p =
        Property.of(
            "record",
            "records its examples",
            gen,
            (v, labels) -> {
              seen.add(v);
              return Verdict.pass();
            });
    Runner.run(p, QUIET.withSeed(seed).withTries(tries));
    return seen;
  }

  @Test
  void theSameSeedGivesTheSameExamples() {
    List<List<Integer>> a = examplesOf(LISTS, 77, 300);
    List<List<Integer>> b = examplesOf(LISTS, 77, 300);
    assertEquals(300, a.size());
    assertEquals(a, b);
    assertNotEquals(a, examplesOf(LISTS, 78, 300));
  }

  @Test
  void theFirstExampleIsTheAllZeroOne() {
    assertEquals(List.of(), examplesOf(LISTS, 5, 10).get(0));
    assertEquals(List.of(3, 3), examplesOf(Gen.list(Gen.intRange(3, 9), 2, 4), 5, 10).get(0));
  }

  @Test
  void theSizeParameterGrowsOverTheRun() {
    List<Integer> sizes = examplesOf(Gen.sized(Gen::constant), 1, 1000);
    assertEquals(0, sizes.get(0));
    assertEquals(Property.DEFAULT_MAX_SIZE, sizes.get(999));
    for (int i = 1; i < sizes.size(); i++) assertTrue(sizes.get(i) >= sizes.get(i - 1));
  }

  @Test
  void theSeedIsLoggedOnEveryRun() {
    List<String> log = new ArrayList<>();
    Property<Integer> p = Property.holds("any", "anything holds", Gen.intRange(0, 9), i -> true);
    Runner.run(p, QUIET.withSeed(123456789L).withTries(5).withLog(log::add));
    assertTrue(log.get(0).contains("seed 123456789"), log.get(0));
  }

  @Test
  void aRequiredLabelUnderItsMinimumShareFailsTheProperty() {
    Property<Integer> p =
        Property.<Integer>of(
                "labels",
                "even numbers are common",
                Gen.intUniform(0, 99),
                (i, labels) -> {
                  if (i % 2 == 0) labels.label("even");
                  if (i == 1000) labels.label("impossible");
                  return Verdict.pass();
                })
            .requiring("even", 0.9)
            .requiring("impossible", 0.01);
    RunReport<Integer> r = Runner.run(p, QUIET.withSeed(9).withTries(2000));
    assertEquals(Outcome.LABELS_UNMET, r.outcome());
    assertFalse(r.ok());
    assertEquals(2, r.unmetLabels().size(), r.unmetLabels().toString());
    assertTrue(r.unmetLabels().get(0).contains("even"));
    assertTrue(r.unmetLabels().get(1).contains("impossible"));
    LabelShare even = r.labels().get(0);
    assertEquals("even", even.label());
    assertTrue(even.share() > 0.4 && even.share() < 0.6, "share " + even.share());
  }

  @Test
  void labelsMetPass() {
    Property<Integer> p =
        Property.<Integer>of(
                "labels",
                "small numbers are common",
                Gen.intUniform(0, 99).labelled(i -> i < 50 ? "small" : null),
                (i, labels) -> Verdict.pass())
            .requiring("small", 0.3);
    RunReport<Integer> r = Runner.run(p, QUIET.withSeed(9).withTries(2000));
    assertEquals(Outcome.PASSED, r.outcome());
  }

  @Test
  void discardsAreCountedApartFromCheckedExamples() {
    int[] calls = {0};
    Property<Integer> p =
        Property.of(
            "discards",
            "odd numbers from a filter that often gives up, and assumptions",
            Gen.intUniform(0, 99).filter(i -> i % 2 == 1, 1),
            (i, labels) -> {
              calls[0]++;
              return i % 3 == 0 ? Verdict.discard("multiple of three") : Verdict.pass();
            });
    RunReport<Integer> r = Runner.run(p, QUIET.withSeed(3).withTries(500));
    assertEquals(Outcome.PASSED, r.outcome(), r.summary());
    // --tries examples are drawn; the discarded ones are not checked
    assertEquals(500, r.checked() + r.discarded());
    assertEquals(r.checked(), r.passed());
    assertTrue(r.discarded() > 150 && r.checked() > 100, r.summary());
    assertEquals(r.discarded(), r.discardedExamples().size());
    // the check saw the checked examples and the discarded assumptions, not the filtered ones
    assertTrue(calls[0] > r.checked() && calls[0] < 500, "check calls " + calls[0]);
  }

  @Test
  void aGeneratorThatNeverYieldsAValidExampleGivesUp() {
    Property<Integer> p =
        Property.holds("never", "never valid", Gen.intRange(0, 9).filter(i -> false), i -> true);
    RunReport<Integer> r = Runner.run(p, QUIET.withSeed(3).withTries(100));
    assertEquals(Outcome.GAVE_UP, r.outcome());
    assertEquals(0, r.checked());
    assertEquals(100, r.discarded());
  }

  @Test
  void aThrowingCheckFailsAndShrinks() {
    Property<Integer> p =
        Property.of(
            "throws",
            "the check does not throw",
            Gen.intRange(0, 1000),
            (i, labels) -> {
              if (i >= 17) throw new IllegalStateException("too big: " + i);
              return Verdict.pass();
            });
    RunReport<Integer> r = Runner.run(p, QUIET.withSeed(3));
    Failure<Integer> f = r.firstFailure().orElseThrow();
    assertEquals(17, f.shrunk());
    assertTrue(f.verdict().cause() instanceof IllegalStateException);
    assertEquals("too big: 17", f.verdict().cause().getMessage());
  }

  @Test
  void aThrowingGeneratorStopsTheRunNamingPropertyAndSeed() {
    Gen<Integer> broken =
        s -> {
          if (s.draw(9) == 7) throw new IllegalArgumentException("generator bug");
          return 0;
        };
    Property<Integer> p = Property.holds("broken", "anything", broken, i -> true);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Runner.run(p, QUIET.withSeed(31)));
    assertTrue(
        e.getMessage().contains("broken") && e.getMessage().contains("seed 31"), e.getMessage());
    assertEquals("generator bug", e.getCause().getMessage());
  }

  @Test
  void aGeneratorThrowingOnShrunkChoicesDoesNotStopShrinking() {
    // the generator throws when its first choice is 0, which shrinking tries first; the minimum
    // it can still reach is the first choice 1 and a single element 10
    Gen<List<Integer>> lists =
        s -> {
          if (s.draw(3) == 0) throw new IllegalStateException("choice 0 is not supported");
          return Gen.list(Gen.intRange(0, 20)).generate(s);
        };
    Property<List<Integer>> p =
        Property.holds(
            "max-below-ten",
            "every element is below 10",
            lists,
            xs -> xs.stream().allMatch(x -> x < 10));
    ChoiceSequence failing = ChoiceSequence.of(3, 1, 4, 1, 17, 1, 12, 0);
    Failure<List<Integer>> f = Runner.shrink(p, failing, 0, ShrinkLimits.DEFAULT);
    assertEquals(List.of(10), f.shrunk());
    assertEquals(ChoiceSequence.of(1, 1, 10, 0), f.shrunkChoices());
  }

  @Test
  void aPassingRunReportsItsCountsAndThroughput() {
    List<String> progress = new ArrayList<>();
    Property<List<Integer>> p = Property.holds("fine", "lists are lists", LISTS, xs -> true);
    RunReport<List<Integer>> r =
        Runner.run(
            p,
            QUIET
                .withSeed(1)
                .withTries(20_000)
                .withProgress((name, checked, discarded, nanos) -> progress.add(name)));
    assertEquals(Outcome.PASSED, r.outcome());
    assertEquals(20_000, r.checked());
    assertEquals(20_000, r.passed());
    assertEquals(0, r.discarded());
    assertTrue(r.throughput() > 0);
    assertFalse(progress.isEmpty());
    System.out.printf("engine throughput on lists of ints: %.0f examples/s%n", r.throughput());
  }

  @Test
  void aTimeLimitStopsTheRunWithoutFailingIt() {
    Property<Integer> p = Property.holds("slow", "anything", Gen.intRange(0, 9), i -> true);
    RunReport<Integer> r =
        Runner.run(p, QUIET.withSeed(1).withTries(Integer.MAX_VALUE).withTimeLimit(Duration.ZERO));
    assertEquals(Outcome.PASSED, r.outcome(), r.summary());
    assertTrue(r.checked() < Integer.MAX_VALUE);
  }
}
