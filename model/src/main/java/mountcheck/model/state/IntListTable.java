package mountcheck.model.state;

import java.util.Arrays;

/**
 * A table of int lists (children of each mount, slaves of each mount, members of each peer
 * group) with copy-on-write per row: a working copy shares the frozen rows of the table it came
 * from and copies a row only when that row changes. Used only inside one operation.
 */
final class IntListTable {
  private static final int[] EMPTY = new int[0];

  private int[][] rows;
  private int[] sizes; // -1: row is shared with the frozen table, else the length used in rows[i]
  private boolean[] owned;

  IntListTable(int[][] frozen, int capacity) {
    rows = Arrays.copyOf(frozen, Math.max(capacity, frozen.length));
    sizes = new int[rows.length];
    owned = new boolean[rows.length];
    for (int i = 0; i < rows.length; i++) {
      if (rows[i] == null) rows[i] = EMPTY;
      sizes[i] = rows[i].length;
    }
  }

  static int[][] empty(int capacity) {
    int[][] r = new int[capacity][];
    Arrays.fill(r, EMPTY);
    return r;
  }

  void ensureCapacity(int n) {
    if (n <= rows.length) return;
    int newLen = Math.max(n, rows.length * 2);
    int old = rows.length;
    rows = Arrays.copyOf(rows, newLen);
    sizes = Arrays.copyOf(sizes, newLen);
    owned = Arrays.copyOf(owned, newLen);
    for (int i = old; i < newLen; i++) rows[i] = EMPTY;
  }

  int size(int row) {
    return row < rows.length ? sizes[row] : 0;
  }

  int get(int row, int index) {
    return rows[row][index];
  }

  /** A copy of the row, safe to iterate while the table changes. */
  int[] snapshot(int row) {
    if (row >= rows.length) return EMPTY;
    return Arrays.copyOf(rows[row], sizes[row]);
  }

  void add(int row, int value) {
    ensureCapacity(row + 1);
    own(row, sizes[row] + 1);
    rows[row][sizes[row]++] = value;
  }

  boolean remove(int row, int value) {
    if (row >= rows.length) return false;
    int[] r = rows[row];
    int n = sizes[row];
    for (int i = n - 1; i >= 0; i--) {
      if (r[i] == value) {
        own(row, n);
        r = rows[row];
        System.arraycopy(r, i + 1, r, i, n - i - 1);
        sizes[row] = n - 1;
        return true;
      }
    }
    return false;
  }

  /** Removes every value v of the row with {@code drop[v]}, in one pass. */
  void removeAll(int row, boolean[] drop) {
    if (row >= rows.length) return;
    int n = sizes[row];
    int[] r = rows[row];
    int kept = 0;
    boolean any = false;
    for (int i = 0; i < n; i++) if (drop[r[i]]) any = true;
    if (!any) return;
    own(row, n);
    r = rows[row];
    for (int i = 0; i < n; i++) if (!drop[r[i]]) r[kept++] = r[i];
    sizes[row] = kept;
  }

  void clear(int row) {
    if (row >= rows.length) return;
    rows[row] = EMPTY;
    sizes[row] = 0;
    owned[row] = false;
  }

  private void own(int row, int needed) {
    if (!owned[row]) {
      rows[row] = Arrays.copyOf(rows[row], Math.max(4, Math.max(needed, sizes[row] * 2)));
      owned[row] = true;
    } else if (rows[row].length < needed) {
      rows[row] = Arrays.copyOf(rows[row], Math.max(needed, rows[row].length * 2));
    }
  }

  /** Exact-length rows for a frozen table of {@code length} rows. */
  int[][] freeze(int length) {
    int[][] out = new int[length][];
    for (int i = 0; i < length; i++) {
      if (i >= rows.length) {
        out[i] = EMPTY;
      } else if (owned[i]) {
        out[i] = sizes[i] == 0 ? EMPTY : Arrays.copyOf(rows[i], sizes[i]);
      } else {
        out[i] = rows[i];
      }
    }
    return out;
  }
}
