package mountcheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs a property: generates examples (the all-zero example first, then random ones with a size
 * parameter growing over the run), checks them, counts labels, and on the first failure shrinks it,
 * first on its choice sequence, then with the property's domain shrinker (each phase within the
 * configured {@link ShrinkLimits}). Every run logs its seed; the i-th example depends only on the
 * seed, i and the number of tries.
 *
 * <p>A generator that throws while generating a random example is a bug in the generator: the run
 * stops with an {@link IllegalStateException} naming the property, example and seed. While
 * shrinking, a replay on which the generator throws only counts as an invalid candidate.
 */
public final class Runner {
  /** Minimum time between two progress callbacks. */
  private static final long PROGRESS_NANOS = 500_000_000L;

  /** The size parameter reaches its maximum after at most this many examples. */
  private static final int MAX_GROWTH = 200;

  private Runner() {}

  public static <T> RunReport<T> run(Property<T> property, RunConfig config) {
    long start = System.nanoTime();
    int tries = config.triesFor(property);
    long limitNanos = config.timeLimitFor(property).toNanos();
    config
        .log()
        .accept(
            String.format(
                "property %s: seed %d, tries %d, time limit %s",
                property.name(), config.seed(), tries, Seconds.of(config.timeLimitFor(property))));

    SplittableRandom master = new SplittableRandom(config.seed());
    Source source = new Source();
    Statistics stats = new Statistics();
    Gen<T> gen = property.generator();
    Check<? super T> check = property.check();
    int growth = Math.max(1, Math.min(tries / 2, MAX_GROWTH));

    int checked = 0;
    int passed = 0;
    int discarded = 0;
    List<Integer> discardedExamples = new ArrayList<>();
    boolean outOfTime = false;
    boolean first = true;
    long lastProgress = start;
    Attempt<T> failing = null;
    int failingIndex = -1;
    int failingSize = 0;

    // Example i is drawn from the i-th number of the seed's sequence whether or not this shard
    // owns it, so that every shard sees the same example i as the unsharded run.
    for (int i = 0; i < tries; i++) {
      long exampleSeed = master.nextLong();
      if (!config.owns(i)) continue;
      if (!first) { // the first example of a run (or of a shard) always runs
        long now = System.nanoTime();
        if (now - start > limitNanos) {
          outOfTime = true;
          break;
        }
        if (now - lastProgress > PROGRESS_NANOS) {
          config.progress().update(property.name(), checked, discarded, now - start);
          lastProgress = now;
        }
      }
      first = false;
      int size = sizeFor(i, growth, property.maxSize());
      if (i == 0) source.resetReplay(ChoiceSequence.EMPTY, size);
      else source.resetRandom(exampleSeed, size);
      T value;
      try {
        value = gen.generate(source);
      } catch (RuntimeException | StackOverflowError e) {
        throw new IllegalStateException(
            String.format(
                "the generator of %s threw on example %d (seed %d, choices %s)",
                property.name(), i, config.seed(), source.choices()),
            e);
      }
      if (source.invalid()) {
        discarded++;
        discardedExamples.add(i);
        continue;
      }
      Verdict verdict = checkSafely(check, value, source);
      if (verdict.discarded()) {
        discarded++;
        discardedExamples.add(i);
        continue;
      }
      checked++;
      stats.record(source);
      if (verdict.failed()) {
        failing =
            new Attempt<>(Attempt.Status.FAIL, source.choices(), spans(source), value, verdict);
        failingIndex = i;
        failingSize = size;
        break;
      }
      passed++;
    }
    long checkNanos = System.nanoTime() - start;
    config.progress().update(property.name(), checked, discarded, checkNanos);

    Failure<T> failure = null;
    Outcome outcome;
    List<String> unmet = List.of();
    String gaveUp = null;
    if (failing != null) {
      failure = shrink(property, config.shrinkLimits(), failing, failingIndex, failingSize);
      outcome = Outcome.FAILED;
    } else if (!config.shard().whole()) {
      // discards and label shares are judged on the merged counts of all shards
      outcome = Outcome.PASSED;
    } else {
      gaveUp = gaveUpReason(checked, discarded, config.maxDiscardFactor(), outOfTime);
      if (gaveUp != null) {
        outcome = Outcome.GAVE_UP;
      } else {
        unmet = stats.unmet(property.requiredLabels());
        outcome = unmet.isEmpty() ? Outcome.PASSED : Outcome.LABELS_UNMET;
      }
    }
    RunReport<T> report =
        new RunReport<>(
            property.name(),
            property.statement(),
            config.seed(),
            outcome,
            checked,
            passed,
            discarded,
            stats.shares(),
            unmet,
            gaveUp,
            checkNanos,
            System.nanoTime() - start,
            failure,
            config.shard(),
            discardedExamples);
    config.log().accept(report.summary());
    return report;
  }

  /**
   * Why a run without a failure gave up, or null when it did not: no example was checked, or fewer
   * than one in {@code maxDiscardFactor} of the examples drawn could be checked. The same rule
   * judges the merged counts of a sharded campaign.
   */
  public static String gaveUpReason(
      long checked, long discarded, int maxDiscardFactor, boolean outOfTime) {
    if (checked > 0 && checked * Math.max(1, maxDiscardFactor) >= checked + discarded) return null;
    return String.format(
        "gave up: %d examples checked, %d discarded%s",
        checked,
        discarded,
        outOfTime && checked == 0 ? " within the time limit" : ", too many discarded");
  }

  /** The size parameter of the i-th example: 0 for the first, growing to the maximum. */
  static int sizeFor(int index, int growth, int maxSize) {
    if (index >= growth) return maxSize;
    return (int) ((long) maxSize * index / growth);
  }

  /** Replays {@code choices} through {@code gen}, with the given size parameter. */
  public static <T> T replay(Gen<T> gen, ChoiceSequence choices, int size) {
    return gen.generate(Source.replay(choices, size));
  }

  /**
   * Shrinks a known failing example given by its choices (replayed with size parameter {@code
   * size}), as a run would after finding it.
   *
   * @throws IllegalArgumentException if the example does not fail
   */
  public static <T> Failure<T> shrink(
      Property<T> property, ChoiceSequence choices, int size, ShrinkLimits limits) {
    Source source = Source.replay(choices, size);
    T value = property.generator().generate(source);
    Verdict verdict =
        source.invalid()
            ? Verdict.discard("invalid")
            : checkSafely(property.check(), value, source);
    if (!verdict.failed()) {
      throw new IllegalArgumentException("the example does not fail: " + verdict.message());
    }
    Attempt<T> failing =
        new Attempt<>(Attempt.Status.FAIL, source.choices(), spans(source), value, verdict);
    return shrink(property, limits, failing, -1, size);
  }

  /** Checks one value against the property, turning exceptions into failures. */
  public static <T> Verdict check(Property<T> property, T value) {
    return checkSafely(property.check(), value, Labeller.NONE);
  }

  private static <T> Verdict checkSafely(Check<? super T> check, T value, Labeller labels) {
    try {
      Verdict v = check.check(value, labels);
      return v == null ? Verdict.fail("check returned no verdict") : v;
    } catch (Exception | AssertionError | StackOverflowError e) {
      return Verdict.threw(e);
    }
  }

  private static List<Span> spans(Source s) {
    return s.spans();
  }

  private static <T> Failure<T> shrink(
      Property<T> property, ShrinkLimits limits, Attempt<T> failing, int index, int size) {
    long start = System.nanoTime();
    Source source = new Source();
    Gen<T> gen = property.generator();
    Check<? super T> check = property.check();
    ChoiceShrinker.Result<T> bySequence =
        ChoiceShrinker.shrink(
            failing,
            choices -> {
              source.resetReplay(choices, size);
              T value;
              try {
                value = gen.generate(source);
              } catch (RuntimeException | StackOverflowError e) {
                // a shrunk sequence can reach states random draws never do: not a failure
                return new Attempt<>(Attempt.Status.INVALID, source.choices(), null, null, null);
              }
              if (source.invalid()) {
                return new Attempt<>(Attempt.Status.INVALID, source.choices(), null, value, null);
              }
              Verdict v = checkSafely(check, value, Labeller.NONE);
              return v.failed()
                  ? new Attempt<>(Attempt.Status.FAIL, source.choices(), spans(source), value, v)
                  : new Attempt<>(Attempt.Status.PASS, source.choices(), null, value, v);
            },
            limits);
    T choiceShrunk = bySequence.best().value();
    int[] valueSteps = {0};
    ValueShrinker.Shrunk<T> byValue =
        property
            .shrinker()
            .shrinkWithStatistics(
                choiceShrunk,
                v -> {
                  valueSteps[0]++;
                  return checkSafely(check, v, Labeller.NONE).failed();
                },
                limits);
    T shrunk = byValue.value();
    Verdict verdict = checkSafely(check, shrunk, Labeller.NONE);
    if (!verdict.failed()) {
      shrunk = choiceShrunk;
      verdict = bySequence.best().verdict();
    }
    return new Failure<>(
        index,
        failing.value(),
        failing.choices(),
        failing.verdict(),
        choiceShrunk,
        bySequence.best().choices(),
        shrunk,
        verdict,
        bySequence.steps() + valueSteps[0],
        System.nanoTime() - start,
        concat(bySequence.passes(), byValue.passes()));
  }

  private static <E> List<E> concat(List<E> first, List<E> second) {
    List<E> out = new ArrayList<>(first);
    out.addAll(second);
    return out;
  }
}
