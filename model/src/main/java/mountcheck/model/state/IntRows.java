package mountcheck.model.state;

/**
 * Ordered lists of mount ids, one per row (the children of each mount, the slaves of each mount,
 * the members of each peer group), persistent. Each mount is in at most one row of a table, so the
 * table records every member's position in its row: appending and removing a member cost O(log n)
 * however long the row is. A removal leaves a hole (0); a row whose holes outnumber its members is
 * compacted, which keeps the cost amortised O(log n) per change.
 */
final class IntRows {
  static final int[] NONE = new int[0];

  /** One row: values at [0, length) with holes, {@code live} of them members. */
  private record Row(PersistentIntArray values, int length, int live) {}

  static final IntRows EMPTY = new IntRows(PersistentArray.empty(), PersistentIntArray.EMPTY);

  private final PersistentArray<Row> rows;
  private final PersistentIntArray position; // member -> index in its row

  private IntRows(PersistentArray<Row> rows, PersistentIntArray position) {
    this.rows = rows;
    this.position = position;
  }

  int size(int row) {
    Row r = rows.get(row);
    return r == null ? 0 : r.live;
  }

  /** The row's members in order, as a new array. */
  int[] members(int row) {
    Row r = rows.get(row);
    return r == null ? NONE : r.values.nonZero(r.length, r.live);
  }

  /** The first member, or 0. */
  int first(int row) {
    Row r = rows.get(row);
    if (r == null) return 0;
    for (int i = 0; i < r.length; i++) {
      int v = r.values.get(i);
      if (v != 0) return v;
    }
    return 0;
  }

  /** The last member, or 0. */
  int last(int row) {
    Row r = rows.get(row);
    if (r == null) return 0;
    for (int i = r.length - 1; i >= 0; i--) {
      int v = r.values.get(i);
      if (v != 0) return v;
    }
    return 0;
  }

  /** The member after {@code member} in its row (wrapping around when {@code wrap}), or 0. */
  int next(int row, int member, boolean wrap) {
    Row r = rows.get(row);
    if (r == null) return 0;
    int start = position.get(member);
    for (int step = 1; step <= r.length; step++) {
      int i = start + step;
      if (i >= r.length) {
        if (!wrap) return 0;
        i -= r.length;
      }
      int v = r.values.get(i);
      if (v != 0) return v;
    }
    return 0;
  }

  IntRows add(int row, int member, Object edit) {
    Row r = rows.get(row);
    if (r == null) r = new Row(PersistentIntArray.EMPTY, 0, 0);
    Row grown = new Row(r.values.with(r.length, member, edit), r.length + 1, r.live + 1);
    return new IntRows(rows.with(row, grown, edit), position.with(member, r.length, edit));
  }

  IntRows remove(int row, int member, Object edit) {
    Row r = rows.get(row);
    if (r == null) return this;
    int i = position.get(member);
    if (i >= r.length || r.values.get(i) != member) {
      i = -1;
      for (int j = 0; j < r.length && i < 0; j++) if (r.values.get(j) == member) i = j;
      if (i < 0) return this;
    }
    if (r.live == 1) return new IntRows(rows.with(row, null, edit), position);
    Row shrunk = new Row(r.values.with(i, 0, edit), r.length, r.live - 1);
    PersistentIntArray pos = position;
    if (shrunk.length > 2 * shrunk.live + PersistentArray.WIDTH) {
      int[] kept = shrunk.values.nonZero(shrunk.length, shrunk.live);
      PersistentIntArray values = PersistentIntArray.EMPTY;
      for (int j = 0; j < kept.length; j++) {
        values = values.with(j, kept[j], edit);
        pos = pos.with(kept[j], j, edit);
      }
      shrunk = new Row(values, kept.length, kept.length);
    }
    return new IntRows(rows.with(row, shrunk, edit), pos);
  }

  /** Drops a whole row (its members' positions become meaningless). */
  IntRows clear(int row, Object edit) {
    return rows.get(row) == null ? this : new IntRows(rows.with(row, null, edit), position);
  }
}
