package mountcheck.properties.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Shrinks a failing choice sequence (in the style of Hypothesis): it proposes smaller sequences,
 * replays each through the generator and the check, and keeps one only when it still fails and the
 * choices it consumed are strictly smaller in shortlex order. Passes, cheapest first: delete spans
 * (list elements, marked units), replace a span by a span nested in it, delete windows of 8, 4, 2,
 * 1 choices (also decrementing a preceding length choice), zero windows, lower single values (to 0,
 * then binary search), lower duplicated values together; when those are stuck: move value between
 * nearby choices and sort spans. Rounds repeat to a fixpoint or until the time or step limit.
 */
public final class ChoiceShrinker<T> {
  private static final int[] WINDOWS = {8, 4, 2, 1};
  private static final int REDISTRIBUTE_DISTANCE = 16;

  /** Nested spans tried per outer span and round by {@link #liftSpans}. */
  private static final int MAX_LIFTS = 32;

  private final Function<ChoiceSequence, Attempt<T>> tester;
  private final long deadline;
  private final int maxSteps;
  private final Set<ChoiceSequence> seen = new HashSet<>();
  private Attempt<T> best;
  private int steps;
  private int improvements;
  private boolean stopped;

  private ChoiceShrinker(
      Attempt<T> start, Function<ChoiceSequence, Attempt<T>> tester, ShrinkLimits limits) {
    this.best = start;
    this.tester = tester;
    this.deadline = limits.deadlineFromNow();
    this.maxSteps = limits.maxSteps();
  }

  /** The result: the smallest failing attempt found and the effort spent. */
  public record Result<T>(Attempt<T> best, int steps, int improvements, boolean hitLimit) {}

  /** Shrinks {@code failing} (an attempt that failed) using {@code tester} to replay candidates. */
  public static <T> Result<T> shrink(
      Attempt<T> failing, Function<ChoiceSequence, Attempt<T>> tester, ShrinkLimits limits) {
    if (!failing.failed()) throw new IllegalArgumentException("can only shrink a failing attempt");
    ChoiceShrinker<T> s = new ChoiceShrinker<>(failing, tester, limits);
    s.run();
    return new Result<>(s.best, s.steps, s.improvements, s.stopped);
  }

  private void run() {
    seen.add(best.choices());
    while (!stopped) {
      int before = improvements;
      deleteSpans();
      liftSpans();
      for (int k : WINDOWS) deleteWindows(k);
      for (int k : WINDOWS) zeroWindows(k);
      lowerValues();
      lowerDuplicates();
      if (improvements != before) continue;
      redistribute();
      sortSpans();
      if (improvements == before) break;
    }
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
    Attempt<T> a = tester.apply(candidate);
    if (a.failed() && a.choices().isSmallerThan(best.choices())) {
      best = a;
      improvements++;
      return true;
    }
    return false;
  }

  private ChoiceSequence current() {
    return best.choices();
  }

  private void deleteSpans() {
    for (int j = best.spans().length / 2 - 1; j >= 0 && !stopped; j--) {
      int[] spans = best.spans();
      if (j >= spans.length / 2) continue;
      int start = spans[2 * j];
      int end = spans[2 * j + 1];
      if (end > current().length()) continue;
      consider(current().delete(start, end - start));
    }
  }

  /** Replaces a span by a span nested inside it: a subtree by one of its subtrees. */
  private void liftSpans() {
    for (int j = 0; j < best.spans().length / 2 && !stopped; j++) {
      int tried = 0;
      for (int i = 0; i < best.spans().length / 2 && tried < MAX_LIFTS && !stopped; i++) {
        int[] spans = best.spans();
        if (j >= spans.length / 2 || i >= spans.length / 2) break;
        int outerStart = spans[2 * j], outerEnd = spans[2 * j + 1];
        int innerStart = spans[2 * i], innerEnd = spans[2 * i + 1];
        boolean nested =
            outerStart <= innerStart
                && innerEnd <= outerEnd
                && innerEnd - innerStart < outerEnd - outerStart;
        if (!nested || outerEnd > current().length()) continue;
        tried++;
        int[] v = current().toArray();
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
    for (int i = current().length() - k; i >= 0 && !stopped; i--) {
      if (i + k > current().length()) {
        i = current().length() - k + 1;
        continue;
      }
      ChoiceSequence deleted = current().delete(i, k);
      if (consider(deleted)) continue;
      // A list drawn as "length, then elements" needs the length lowered with the deletion.
      if (i > 0 && deleted.get(i - 1) > 0) consider(deleted.with(i - 1, deleted.get(i - 1) - 1));
    }
  }

  private void zeroWindows(int k) {
    if (k == 1) return; // single values are lowered by lowerValues
    for (int i = current().length() - k; i >= 0 && !stopped; i--) {
      if (i + k > current().length()) continue;
      int[] v = current().toArray();
      boolean any = false;
      for (int j = i; j < i + k; j++) {
        any |= v[j] != 0;
        v[j] = 0;
      }
      if (any) consider(ChoiceSequence.wrap(v));
    }
  }

  private void lowerValues() {
    for (int i = 0; i < current().length() && !stopped; i++) {
      int v = current().get(i);
      if (v == 0) continue;
      if (consider(current().with(i, 0))) continue;
      // Binary search for the lowest failing value, assuming failures are monotone in v.
      int lo = 0;
      int hi = v;
      while (lo + 1 < hi && !stopped) {
        int mid = lo + (hi - lo) / 2;
        if (i >= current().length() || current().get(i) != hi) break;
        if (consider(current().with(i, mid))) hi = mid;
        else lo = mid;
      }
    }
  }

  private void lowerDuplicates() {
    Map<Integer, List<Integer>> positions = new HashMap<>();
    ChoiceSequence c = current();
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
        ChoiceSequence now = current();
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
    for (int i = 0; i < current().length() && !stopped; i++) {
      for (int d = 1; d <= REDISTRIBUTE_DISTANCE && !stopped; d++) {
        ChoiceSequence c = current();
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
   * Swaps two adjacent spans of equal length (list elements, sibling subtrees) when the later one
   * is smaller, moving smaller elements to the front.
   */
  private void sortSpans() {
    for (int j = 0; j < best.spans().length / 2 && !stopped; j++) {
      int[] spans = best.spans();
      if (j >= spans.length / 2) break;
      int aStart = spans[2 * j];
      int aEnd = spans[2 * j + 1];
      int len = aEnd - aStart;
      for (int k = 0; k < spans.length / 2 && !stopped; k++) {
        if (spans[2 * k] != aEnd || spans[2 * k + 1] - aEnd != len) continue;
        int bEnd = aEnd + len;
        if (bEnd > current().length()) break;
        int[] v = current().toArray();
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
