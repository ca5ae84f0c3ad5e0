package mountcheck.engine;

import java.util.Arrays;

/**
 * An immutable sequence of recorded choices: every value a generator drew from a {@link Source}, in
 * order. Replaying the sequence regenerates the same example, so shrinking an example means
 * shrinking its sequence. Sequences are ordered shortlex (shorter first, then lexicographically),
 * the order in which the shrinker only ever moves downwards.
 */
public final class ChoiceSequence implements Comparable<ChoiceSequence> {
  /** The empty sequence: replayed, every draw is zero, the simplest example of any generator. */
  public static final ChoiceSequence EMPTY = new ChoiceSequence(new int[0]);

  private final int[] values;
  private final int hash;

  private ChoiceSequence(int[] values) {
    this.values = values;
    this.hash = Arrays.hashCode(values);
  }

  /** A sequence holding a copy of the given values, each of which must be non-negative. */
  public static ChoiceSequence of(int... values) {
    for (int v : values) {
      if (v < 0) throw new IllegalArgumentException("choices are non-negative: " + v);
    }
    return new ChoiceSequence(values.clone());
  }

  /** A sequence holding a copy of the first {@code length} values of {@code buffer}. */
  static ChoiceSequence copyOf(int[] buffer, int length) {
    return new ChoiceSequence(Arrays.copyOf(buffer, length));
  }

  /** Wraps an array the caller gives up; no copy. */
  static ChoiceSequence wrap(int[] values) {
    return new ChoiceSequence(values);
  }

  public int length() {
    return values.length;
  }

  public int get(int index) {
    return values[index];
  }

  /** A fresh copy of the values, for shrink passes to edit. */
  public int[] toArray() {
    return values.clone();
  }

  /** This sequence without the {@code count} values starting at {@code from}. */
  public ChoiceSequence delete(int from, int count) {
    int[] out = new int[values.length - count];
    System.arraycopy(values, 0, out, 0, from);
    System.arraycopy(values, from + count, out, from, values.length - from - count);
    return new ChoiceSequence(out);
  }

  /** This sequence with the value at {@code index} replaced. */
  public ChoiceSequence with(int index, int value) {
    int[] out = values.clone();
    out[index] = value;
    return new ChoiceSequence(out);
  }

  /** Shortlex order: a shorter sequence is smaller; equal lengths compare value by value. */
  @Override
  public int compareTo(ChoiceSequence other) {
    if (values.length != other.values.length) {
      return Integer.compare(values.length, other.values.length);
    }
    return Arrays.compare(values, other.values);
  }

  public boolean isSmallerThan(ChoiceSequence other) {
    return compareTo(other) < 0;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChoiceSequence c && hash == c.hash && Arrays.equals(values, c.values);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return Arrays.toString(values);
  }
}
