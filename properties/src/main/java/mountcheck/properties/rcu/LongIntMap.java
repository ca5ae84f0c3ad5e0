package mountcheck.properties.rcu;

import java.util.Arrays;

/** Open-addressing map from non-zero-mixed long fingerprints to int indexes; grows by doubling. */
final class LongIntMap {
  private long[] keys = new long[1 << 16];
  private int[] values = new int[1 << 16];
  private boolean[] used = new boolean[1 << 16];
  private int size;

  int size() {
    return size;
  }

  /** The value for key, or -1. */
  int get(long key) {
    int mask = keys.length - 1;
    int i = (int) (key ^ (key >>> 32)) & mask;
    while (used[i]) {
      if (keys[i] == key) return values[i];
      i = (i + 1) & mask;
    }
    return -1;
  }

  /** Inserts key if absent; returns the existing value or -1 when inserted. */
  int putIfAbsent(long key, int value) {
    if (size * 2 >= keys.length) grow();
    int mask = keys.length - 1;
    int i = (int) (key ^ (key >>> 32)) & mask;
    while (used[i]) {
      if (keys[i] == key) return values[i];
      i = (i + 1) & mask;
    }
    used[i] = true;
    keys[i] = key;
    values[i] = value;
    size++;
    return -1;
  }

  private void grow() {
    long[] ok = keys;
    int[] ov = values;
    boolean[] ou = used;
    keys = new long[ok.length * 2];
    values = new int[ok.length * 2];
    used = new boolean[ok.length * 2];
    size = 0;
    for (int i = 0; i < ok.length; i++) if (ou[i]) putIfAbsent(ok[i], ov[i]);
  }

  static int[] grow(int[] a, int min) {
    return a.length > min ? a : Arrays.copyOf(a, Math.max(min + 1, a.length * 2));
  }
}
