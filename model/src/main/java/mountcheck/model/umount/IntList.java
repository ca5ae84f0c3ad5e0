package mountcheck.model.umount;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * A growable list of mount ids stored as plain ints, for the hot paths of the linear generations: a
 * million victims as boxed Integers would cost more than the algorithm. {@link #freeze()} hands the
 * contents out as an immutable {@code List<Integer>} without boxing them all up front; {@link
 * UmountPlan} keeps such a list as it is instead of copying it.
 */
final class IntList {
  private int[] items;
  private int size;

  IntList(int capacity) {
    items = new int[Math.max(capacity, 4)];
  }

  /** The ids of a list, as ints; read-only (it may be the list's own array). */
  static int[] toArray(List<Integer> list) {
    if (list instanceof Frozen f) {
      return f.items;
    }
    int[] out = new int[list.size()];
    int i = 0;
    for (int m : list) {
      out[i++] = m;
    }
    return out;
  }

  void add(int m) {
    if (size == items.length) {
      items = Arrays.copyOf(items, size * 2);
    }
    items[size++] = m;
  }

  void addAll(int[] ms) {
    for (int m : ms) {
      add(m);
    }
  }

  int get(int i) {
    return items[i];
  }

  int size() {
    return size;
  }

  /** The contents as an immutable list; this IntList must not be changed afterwards. */
  List<Integer> freeze() {
    return new Frozen(size == items.length ? items : Arrays.copyOf(items, size));
  }

  /** An immutable {@code List<Integer>} view of an int array. */
  static final class Frozen extends AbstractList<Integer> implements RandomAccess {
    private final int[] items;

    private Frozen(int[] items) {
      this.items = items;
    }

    @Override
    public Integer get(int index) {
      return items[index];
    }

    @Override
    public int size() {
      return items.length;
    }
  }
}
