package mountcheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine finds planted failures and shrinks them to their known minimum, stated independently
 * of the engine in each test.
 */
class PlantedFailureShrinkTest {
  private static final RunConfig QUIET =
      RunConfig.defaults()
          .withLog(line -> {})
          .withShrinkLimits(new ShrinkLimits(Duration.ofSeconds(20), 100_000));

  private static <T> Failure<T> failure(Property<T> p, long seed) {
    RunReport<T> r = Runner.run(p, QUIET.withSeed(seed));
    assertEquals(Outcome.FAILED, r.outcome(), r.summary());
    return r.firstFailure().orElseThrow();
  }

  /** The smallest list with sum > 100 is one element, and that element is 101. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2026})
  void sumAboveHundredShrinksToTheSingleList101(long seed) {
    Property<List<Integer>> p =
        Property.holds(
            "sum-at-most-100",
            "the sum of a list is at most 100",
            Gen.list(Gen.intRange(0, 1000)),
            xs -> xs.stream().mapToInt(Integer::intValue).sum() <= 100);
    Failure<List<Integer>> f = failure(p, seed);
    assertEquals(List.of(101), f.shrunk());
  }

  /** [60, 70] sums to 130: neither element alone exceeds 100, so value must move between them. */
  @Test
  void sumSpreadOverTwoElementsStillShrinksToTheSingleList101() {
    Property<List<Integer>> p =
        Property.holds(
            "sum-at-most-100",
            "the sum of a list is at most 100",
            Gen.list(Gen.intRange(0, 1000)),
            xs -> xs.stream().mapToInt(Integer::intValue).sum() <= 100);
    ChoiceSequence sixtySeventy = ChoiceSequence.of(1, 60, 1, 70, 0);
    assertEquals(List.of(60, 70), Runner.replay(p.generator(), sixtySeventy, 0));
    assertEquals(List.of(101), Runner.shrink(p, sixtySeventy, 0, QUIET.shrinkLimits()).shrunk());
  }

  /** The smallest list with two equal adjacent elements has two elements, both the least value. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2026})
  void adjacentEqualElementsShrinkToZeroZero(long seed) {
    Property<List<Integer>> p =
        Property.holds(
            "no-adjacent-equal",
            "no list contains two equal adjacent elements",
            Gen.list(Gen.intRange(0, 50)),
            xs -> IntStream.range(1, xs.size()).noneMatch(i -> xs.get(i).equals(xs.get(i - 1))));
    Failure<List<Integer>> f = failure(p, seed);
    assertEquals(List.of(0, 0), f.shrunk());
  }

  /**
   * A descent needs two elements, the first at least 5 and a later one at most 4: the smallest is
   * [5, 0].
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2026})
  void aDescentShrinksToTheSmallestDescent(long seed) {
    Property<List<Integer>> p =
        Property.holds(
            "sorted",
            "no element of at least 5 comes before an element of at most 4",
            Gen.list(Gen.intRange(0, 100)),
            xs -> {
              boolean big = false;
              for (int x : xs) {
                if (big && x <= 4) return false;
                big |= x >= 5;
              }
              return true;
            });
    assertEquals(List.of(5, 0), failure(p, seed).shrunk());
  }

  /**
   * A list holding both 2 and 9 needs two elements; [2, 9] is smaller than [9, 2], so a failure
   * found as 9 before 2 must have its elements swapped.
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2026})
  void twoRequiredValuesEndUpInAscendingOrder(long seed) {
    Property<List<Integer>> p =
        Property.<List<Integer>>holds(
                "not-both",
                "no list holds both 2 and 9",
                Gen.list(Gen.intRange(0, 20)),
                xs -> !(xs.contains(2) && xs.contains(9)))
            .withTries(100_000);
    assertEquals(List.of(2, 9), failure(p, seed).shrunk());
  }

  private static final Property<List<StackMachine.Command>> STACK_MACHINE =
      Property.<List<StackMachine.Command>>of(
              "stack-machine",
              "the interpreter computes what the reference interpreter computes",
              Gen.list(StackMachine.COMMAND, 0, 60).resize(n -> 240),
              (program, labels) ->
                  Verdict.equal(
                      "final stack",
                      StackMachine.run(program, false),
                      StackMachine.run(program, true)))
          .withTries(100_000);

  private static final List<StackMachine.Command> PATTERN =
      List.of(new StackMachine.Dup(), new StackMachine.Swap(), new StackMachine.Add());

  /** The planted bug needs exactly dup, swap, add in a row: no shorter program exposes it. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2026})
  void stackMachineBugFoundAtRandomShrinksToExactlyThePattern(long seed) {
    Failure<List<StackMachine.Command>> f = failure(STACK_MACHINE, seed);
    assertEquals(PATTERN, f.shrunk(), "from " + f.original().size() + " commands");
  }

  /**
   * A 30-command program with the pattern buried in noise, encoded by hand as the list's choices (1
   * = one more element, then the command index, then a push's value; 0 ends the list).
   */
  @Test
  void stackMachineBugInThirtyCommandsOfNoiseShrinksToExactlyThePattern() {
    int push = 0, pop = 1, dup = 2, swap = 3, add = 4;
    int[][] program = {
      {push, 7}, {push, 3}, {swap}, {add}, {push, 5}, {dup}, {pop}, {push, 9}, {swap}, {push, 1},
      {add}, {dup}, {push, 4}, {pop}, {dup}, {swap}, {add}, {push, 8}, {swap}, {push, 2}, {add},
      {add}, {push, 6}, {dup}, {push, 3}, {pop}, {swap}, {push, 4}, {add}, {push, 5}
    };
    IntStream.Builder choices = IntStream.builder();
    for (int[] command : program) {
      choices.add(1);
      for (int c : command) choices.add(c);
    }
    choices.add(0);
    ChoiceSequence noisy = ChoiceSequence.of(choices.build().toArray());
    List<StackMachine.Command> original = Runner.replay(STACK_MACHINE.generator(), noisy, 0);
    assertEquals(30, original.size());

    Failure<List<StackMachine.Command>> f =
        Runner.shrink(STACK_MACHINE, noisy, 0, QUIET.shrinkLimits());
    assertEquals(PATTERN, f.shrunk());
  }
}
