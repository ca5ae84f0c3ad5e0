package mountcheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Shrinks a failing choice sequence (in the style of Hypothesis): it proposes smaller sequences,
 * replays each through the generator and the check, and keeps one only when it still fails and the
 * choices it consumed are strictly smaller in shortlex order.
 *
 * <p>The work is done by named passes ({@link #PASSES}), cheapest first: {@code delete-spans} (list
 * elements, marked units), {@code lift-spans} (replace a span by a span nested in it), {@code
 * delete-windows} (8, 4, 2, 1 choices, also decrementing a preceding length choice), {@code
 * zero-windows}, {@code lower-values} (to 0, then binary search), {@code lower-duplicates} (equal
 * values together); when those are stuck: {@code redistribute} (move value between nearby choices)
 * and {@code sort-spans} (swap neighbouring spans of the same label). Rounds repeat to a fixpoint
 * or until the time or step limit. Each pass counts its runs, calls, successes and the choices its
 * successes removed ({@link PassStatistics}); a subset of passes can run alone.
 */
public final class ChoiceShrinker<T> {
  /** The pass names, in the order a round runs them. */
  public static final List<String> PASSES =
      List.of(
          "delete-spans",
          "lift-spans",
          "delete-windows",
          "zero-windows",
          "lower-values",
          "lower-duplicates",
          "redistribute",
          "sort-spans");

  /** Passes that run only when a round of the others made no progress. */
  private static final Set<String> WHEN_STUCK = Set.of("redistribute", "sort-spans");

  private static final int[] WINDOWS = {8, 4, 2, 1};
  private static final int REDISTRIBUTE_DISTANCE = 16;

  /** Nested spans tried per outer span and round by {@link #liftSpans}. */
  private static final int MAX_LIFTS = 32;

  private final Function<ChoiceSequence, Attempt<T>> tester;
  private final long deadline;
  private final int maxSteps;
  private final Set<ChoiceSequence> seen = new HashSet<>();
  private final Map<String, Runnable> passes = new LinkedHashMap<>();
  private final Map<String, int[]> counters =
      new LinkedHashMap<>(); // runs, calls, successes, removed
  private int[] activePass; // the counters of the pass that is running, or null
  private Attempt<T> best;
  private int steps;
  private int improvements;
  private boolean stopped;

  private ChoiceShrinker(
      Attempt<T> start,
      Function<ChoiceSequence, Attempt<T>> tester,
      ShrinkLimits limits,
      List<String> chosen) {
    this.best = start;
    this.tester = tester;
    this.deadline = limits.deadlineFromNow();
    this.maxSteps = limits.maxSteps();
    Map<String, Runnable> all = new LinkedHashMap<>();
    all.put("delete-spans", this::deleteSpans);
    all.put("lift-spans", this::liftSpans);
    all.put(
        "delete-windows",
        () -> {
          for (int k : WINDOWS) deleteWindows(k);
        });
    all.put(
        "zero-windows",
        () -> {
          for (int k : WINDOWS) zeroWindows(k);
        });
    all.put("lower-values", this::lowerValues);
    all.put("lower-duplicates", this::lowerDuplicates);
    all.put("redistribute", this::redistribute);
    all.put("sort-spans", this::sortSpans);
    for (String name : chosen) {
      Runnable pass = all.get(name);
      if (pass == null) {
        throw new IllegalArgumentException("unknown shrink pass " + name + "; passes: " + PASSES);
      }
      passes.put(name, pass);
      counters.put(name, new int[4]);
    }
  }

  /** The result: the smallest failing attempt found, the effort spent, and each pass's share. */
  public record Result<T>(
      Attempt<T> best,
      int steps,
      int improvements,
      boolean hitLimit,
      List<PassStatistics> passes) {}

  /** Shrinks {@code failing} (an attempt that failed) using {@code tester} to replay candidates. */
  public static <T> Result<T> shrink(
      Attempt<T> failing, Function<ChoiceSequence, Attempt<T>> tester, ShrinkLimits limits) {
    return shrink(failing, tester, limits, PASSES);
  }

  /** The same with only the named passes, in the order of {@link #PASSES}. */
  public static <T> Result<T> shrink(
      Attempt<T> failing,
      Function<ChoiceSequence, Attempt<T>> tester,
      ShrinkLimits limits,
      List<String> passNames) {
    if (!failing.failed()) throw new IllegalArgumentException("can only shrink a failing attempt");
    List<String> ordered = new ArrayList<>();
    for (String p : PASSES) if (passNames.contains(p)) ordered.add(p);
    for (String p : passNames) {
      if (!PASSES.contains(p)) {
        throw new IllegalArgumentException("unknown shrink pass " + p + "; passes: " + PASSES);
      }
    }
    ChoiceShrinker<T> s = new ChoiceShrinker<>(failing, tester, limits, ordered);
    s.run();
    return new Result<>(s.best, s.steps, s.improvements, s.stopped, s.statistics());
  }

  private List<PassStatistics> statistics() {
    List<PassStatistics> out = new ArrayList<>();
    counters.forEach(
        (name, c) ->
            out.add(new PassStatistics(name, c[0], c[1], c[2], c[3], PassStatistics.CHOICES)));
    return out;
  }

  private void run() {
    seen.add(best.choices());
    while (!stopped) {
      int before = improvements;
      passes.forEach(
          (name, pass) -> {
            if (!WHEN_STUCK.contains(name)) runPass(name, pass);
          });
      if (improvements != before) continue;
      passes.forEach(
          (name, pass) -> {
            if (WHEN_STUCK.contains(name)) runPass(name, pass);
          });
      if (improvements == before) break;
    }
  }

  private void runPass(String name, Runnable pass) {
    if (stopped) return;
    activePass = counters.get(name);
    activePass[0]++;
    pass.run();
    activePass = null;
  }

  /** Replays {@code candidate} if it is new and smaller; true when it became the new best. */
  private boolean consider(ChoiceSequence candidate) {
    if (stopped) return false;
    if (!candidate.isSmallerThan(best.choices()) || !seen.add(candidate)) return false;
    if (steps >= maxSteps || System.nanoTime() - deadline > 0) {
      stopped = true;
      return false;
    }
    steps++;
    if (activePass != null) activePass[1]++;
    Attempt<T> a = tester.apply(candidate);
    if (a.failed() && a.choices().isSmallerThan(best.choices())) {
      if (activePass != null) {
        activePass[2]++;
        activePass[3] += Math.max(0, best.choices().length() - a.choices().length());
      }
      best = a;
      improvements++;
      return true;
    }
    return false;
  }

  private ChoiceSequence sequence() {
    return best.choices();
  }

  private void deleteSpans() {
    for (int j = best.spans().size() - 1; j >= 0 && !stopped; j--) {
      List<Span> spans = best.spans();
      if (j >= spans.size()) continue;
      Span span = spans.get(j);
      if (span.end() > sequence().length()) continue;
      consider(sequence().delete(span.start(), span.length()));
    }
  }

  /** Replaces a span by a span nested inside it: a subtree by one of its subtrees. */
  private void liftSpans() {
    for (int j = 0; j < best.spans().size() && !stopped; j++) {
      int tried = 0;
      for (int i = 0; i < best.spans().size() && tried < MAX_LIFTS && !stopped; i++) {
        List<Span> spans = best.spans();
        if (j >= spans.size() || i >= spans.size()) break;
        int outerStart = spans.get(j).start();
        int outerEnd = spans.get(j).end();
        int innerStart = spans.get(i).start();
        int innerEnd = spans.get(i).end();
        boolean nested =
            outerStart <= innerStart
                && innerEnd <= outerEnd
                && innerEnd - innerStart < outerEnd - outerStart;
        if (!nested || outerEnd > sequence().length()) continue;
        tried++;
        int[] v = sequence().toArray();
        int inner = innerEnd - innerStart;
        int[] out = new int[v.length - (outerEnd - outerStart) + inner];
        System.arraycopy(v, 0, out, 0, outerStart);
        System.arraycopy(v, innerStart, out, outerStart, inner);
        System.arraycopy(v, outerEnd, out, outerStart + inner, v.length - outerEnd);
        if (consider(ChoiceSequence.wrap(out))) i = -1; // spans changed: rescan this outer span
      }
    }
  }

  private void deleteWindows(int k) {
    for (int i = sequence().length() - k; i >= 0 && !stopped; i--) {
      if (i + k > sequence().length()) {
        i = sequence().length() - k + 1;
        continue;
      }
      ChoiceSequence deleted = sequence().delete(i, k);
      if (consider(deleted)) continue;
      // A list drawn as "length, then elements" needs the length lowered with the deletion.
      if (i > 0 && deleted.get(i - 1) > 0) consider(deleted.with(i - 1, deleted.get(i - 1) - 1));
    }
  }

  private void zeroWindows(int k) {
    if (k == 1) return; // single values are lowered by lowerValues
    for (int i = sequence().length() - k; i >= 0 && !stopped; i--) {
      if (i + k > sequence().length()) continue;
      int[] v = sequence().toArray();
      boolean any = false;
      for (int j = i; j < i + k; j++) {
        any |= v[j] != 0;
        v[j] = 0;
      }
      if (any) consider(ChoiceSequence.wrap(v));
    }
  }

  private void lowerValues() {
    for (int i = 0; i < sequence().length() && !stopped; i++) {
      int v = sequence().get(i);
      if (v == 0) continue;
      if (consider(sequence().with(i, 0))) continue;
      // Binary search for the lowest failing value, assuming failures are monotone in v.
      int lo = 0;
      int hi = v;
      while (lo + 1 < hi && !stopped) {
        int mid = lo + (hi - lo) / 2;
        if (i >= sequence().length() || sequence().get(i) != hi) break;
        if (consider(sequence().with(i, mid))) hi = mid;
        else lo = mid;
      }
    }
  }

  private void lowerDuplicates() {
    Map<Integer, List<Integer>> positions = new HashMap<>();
    ChoiceSequence c = sequence();
    for (int i = 0; i < c.length(); i++) {
      if (c.get(i) > 0) positions.computeIfAbsent(c.get(i), k -> new ArrayList<>()).add(i);
    }
    for (Map.Entry<Integer, List<Integer>> e : positions.entrySet()) {
      if (stopped) return;
      List<Integer> at = e.getValue();
      if (at.size() < 2) continue;
      int lo = -1;
      int hi = e.getKey();
      int target = 0;
      while (!stopped) {
        ChoiceSequence now = sequence();
        if (at.get(at.size() - 1) >= now.length()) break;
        int[] v = now.toArray();
        boolean same = true;
        for (int i : at) same &= v[i] == hi;
        if (!same) break;
        for (int i : at) v[i] = target;
        if (consider(ChoiceSequence.wrap(v))) hi = target;
        else lo = target;
        if (lo + 1 >= hi) break;
        target = lo + (hi - lo) / 2;
        if (target <= lo) target = lo + 1;
      }
    }
  }

  private void redistribute() {
    for (int i = 0; i < sequence().length() && !stopped; i++) {
      for (int d = 1; d <= REDISTRIBUTE_DISTANCE && !stopped; d++) {
        ChoiceSequence c = sequence();
        int j = i + d;
        if (j >= c.length()) break;
        int a = c.get(i);
        if (a == 0) break;
        long sum = (long) a + c.get(j);
        if (sum > Integer.MAX_VALUE) continue;
        int[] v = c.toArray();
        v[i] = 0;
        v[j] = (int) sum;
        if (consider(ChoiceSequence.wrap(v))) continue;
        v[i] = a / 2;
        v[j] = (int) (sum - a / 2);
        if (a / 2 < a) consider(ChoiceSequence.wrap(v));
      }
    }
  }

  /**
   * Swaps two adjacent spans of equal length and the same label (list elements, sibling subtrees,
   * scenario steps) when the later one is smaller, moving smaller elements to the front. Spans of
   * different kinds are never exchanged.
   */
  private void sortSpans() {
    for (int j = 0; j < best.spans().size() && !stopped; j++) {
      List<Span> spans = best.spans();
      if (j >= spans.size()) break;
      Span a = spans.get(j);
      int aStart = a.start();
      int aEnd = a.end();
      int len = aEnd - aStart;
      for (int k = 0; k < spans.size() && !stopped; k++) {
        Span b = spans.get(k);
        if (b.start() != aEnd || b.length() != len || !b.label().equals(a.label())) continue;
        int bEnd = aEnd + len;
        if (bEnd > sequence().length()) break;
        int[] v = sequence().toArray();
        if (Arrays.compare(v, aEnd, bEnd, v, aStart, aEnd) >= 0) break;
        int[] first = Arrays.copyOfRange(v, aStart, aEnd);
        System.arraycopy(v, aEnd, v, aStart, len);
        System.arraycopy(first, 0, v, aEnd, len);
        consider(ChoiceSequence.wrap(v));
        break;
      }
    }
  }
}
