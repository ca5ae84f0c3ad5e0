package mountcheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Where generators get their randomness. A source either draws bounded ints from a seeded PRNG,
 * recording every value, or replays a given {@link ChoiceSequence}, recording what it replays.
 * Replaying past the end of the sequence yields zeros and marks the source as overrun; zero is
 * always the simplest choice, so a shortened sequence still produces an example.
 *
 * <p>A source is reusable: the runner resets one instance per example so that the hot loop does not
 * allocate buffers. It also carries the size parameter of sized generation, the labels of the
 * current example, the spans of list elements (for the shrinker) and the invalid mark a filter sets
 * when it gives up.
 */
public final class Source implements Labeller {
  /** Default cap on the number of choices of one example; beyond it the example is too large. */
  public static final int DEFAULT_MAX_CHOICES = 16_384;

  private final int maxChoices;
  private int[] buffer = new int[256];
  private int length;

  private SplittableRandom random;
  private ChoiceSequence replay;
  private int size;

  private boolean overrun;
  private boolean tooLarge;
  private boolean invalid;
  private String invalidReason;

  private String[] labels = new String[8];
  private int labelCount;

  private int[] spans = new int[96]; // start, end, label id
  private final List<String> spanLabels = new ArrayList<>();
  private final Map<String, Integer> spanLabelIds = new HashMap<>();
  private int spanCount;

  public Source() {
    this(DEFAULT_MAX_CHOICES);
  }

  public Source(int maxChoices) {
    this.maxChoices = maxChoices;
  }

  /** A source drawing at random from {@code seed}, with size parameter {@code size}. */
  public static Source random(long seed, int size) {
    Source s = new Source();
    s.resetRandom(seed, size);
    return s;
  }

  /** A source replaying {@code choices}, with size parameter {@code size}. */
  public static Source replay(ChoiceSequence choices, int size) {
    Source s = new Source();
    s.resetReplay(choices, size);
    return s;
  }

  /** Starts a new example drawn at random from {@code seed}. */
  public void resetRandom(long seed, int size) {
    clear(size);
    this.random = new SplittableRandom(seed);
    this.replay = null;
  }

  /** Starts a new example replaying {@code choices}. */
  public void resetReplay(ChoiceSequence choices, int size) {
    clear(size);
    this.random = null;
    this.replay = choices;
  }

  private void clear(int size) {
    this.size = Math.max(0, size);
    length = 0;
    overrun = false;
    tooLarge = false;
    invalid = false;
    invalidReason = null;
    labelCount = 0;
    spanCount = 0;
  }

  /** A uniformly chosen int in {@code [0, max]}. {@code max == 0} draws nothing. */
  public int draw(int max) {
    if (max <= 0) return 0;
    if (random == null) return record(replayed(max));
    int v =
        max == Integer.MAX_VALUE ? random.nextInt() & Integer.MAX_VALUE : random.nextInt(max + 1);
    return record(v);
  }

  /**
   * An int in {@code [0, max]} biased to the edges: often 0, sometimes {@code max}, often a small
   * value, otherwise uniform. Replays exactly like {@link #draw}.
   */
  public int drawSmall(int max) {
    if (max <= 0) return 0;
    if (random == null) return record(replayed(max));
    int r = random.nextInt(16);
    int v;
    if (r < 2) v = 0;
    else if (r == 2) v = max;
    else if (r < 8) v = random.nextInt(Math.min(max, 4) + 1);
    else if (r < 11) v = random.nextInt(Math.min(max, 16) + 1);
    else
      v = max == Integer.MAX_VALUE ? random.nextInt() & Integer.MAX_VALUE : random.nextInt(max + 1);
    return record(v);
  }

  /**
   * An int in {@code [lo, hi]}, biased to {@code lo} like {@link #drawSmall}: the unboxed form of
   * {@link Gen#intRange} for generators written as lambdas.
   */
  public int between(int lo, int hi) {
    if (hi < lo) throw new IllegalArgumentException("empty range " + lo + ".." + hi);
    return (int) (lo + (long) drawSmall((int) Math.min(Integer.MAX_VALUE, (long) hi - lo)));
  }

  /** One element of a non-empty list; earlier elements are simpler. */
  public <T> T pick(List<? extends T> values) {
    return values.get(draw(values.size() - 1));
  }

  /** A 0/1 choice that comes out 1 with probability {@code p} when drawn at random. */
  public boolean drawCoin(double p) {
    if (random == null) return record(replayed(1)) == 1;
    return record(random.nextDouble() < p ? 1 : 0) == 1;
  }

  private int replayed(int max) {
    if (length >= replay.length()) {
      overrun = true;
      return 0;
    }
    int v = replay.get(length);
    return v > max ? max : v;
  }

  private int record(int v) {
    if (length == maxChoices) {
      tooLarge = true;
      return 0;
    }
    if (length == buffer.length) buffer = Arrays.copyOf(buffer, buffer.length * 2);
    buffer[length++] = v;
    return v;
  }

  /** The number of choices drawn so far; the start of a span. */
  public int position() {
    return length;
  }

  /**
   * Records that the choices from {@code start} to here form one unit of the kind {@code label} (a
   * list element, a tree node, a scenario step).
   */
  public void endSpan(int start, String label) {
    if (start >= length) return;
    if (spanCount * 3 + 3 > spans.length) spans = Arrays.copyOf(spans, spans.length * 2);
    spans[spanCount * 3] = start;
    spans[spanCount * 3 + 1] = length;
    spans[spanCount * 3 + 2] = spanLabelId(label);
    spanCount++;
  }

  private int spanLabelId(String label) {
    Integer id = spanLabelIds.get(label);
    if (id == null) {
      id = spanLabels.size();
      spanLabels.add(label);
      spanLabelIds.put(label, id);
    }
    return id;
  }

  /** The current size parameter; sized generators scale with it. */
  public int size() {
    return size;
  }

  /** Replaces the size parameter (see {@link Gen#resize}). */
  public void setSize(int size) {
    this.size = Math.max(0, size);
  }

  /** Marks this example as invalid (a filter gave up); the runner discards it. */
  public void markInvalid(String reason) {
    if (!invalid) invalidReason = reason;
    invalid = true;
  }

  @Override
  public void label(String name) {
    for (int i = 0; i < labelCount; i++) {
      if (labels[i].equals(name)) return;
    }
    if (labelCount == labels.length) labels = Arrays.copyOf(labels, labelCount * 2);
    labels[labelCount++] = name;
  }

  /** True when the replayed sequence ran out and zeros were supplied. */
  public boolean overrun() {
    return overrun;
  }

  /** True when the example needed more than the maximum number of choices. */
  public boolean tooLarge() {
    return tooLarge;
  }

  /** True when a filter gave up or the example was too large: the runner discards it. */
  public boolean invalid() {
    return invalid || tooLarge;
  }

  public String invalidReason() {
    return tooLarge ? "more than " + maxChoices + " choices" : invalidReason;
  }

  /** The choices drawn so far, as a sequence. */
  public ChoiceSequence choices() {
    return ChoiceSequence.copyOf(buffer, length);
  }

  int labelCount() {
    return labelCount;
  }

  String labelAt(int i) {
    return labels[i];
  }

  int spanCount() {
    return spanCount;
  }

  /** The spans recorded for the current example, in the order they ended. */
  List<Span> spans() {
    List<Span> out = new ArrayList<>(spanCount);
    for (int i = 0; i < spanCount; i++) {
      out.add(new Span(spans[3 * i], spans[3 * i + 1], spanLabels.get(spans[3 * i + 2])));
    }
    return out;
  }
}
