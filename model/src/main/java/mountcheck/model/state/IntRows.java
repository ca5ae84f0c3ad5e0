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

  /**
   * One row: values at [0, length) with holes, {@code live} of them members. A row that has only
   * ever held one member keeps it inline ({@code values} null), since most rows of a large table
   * (the children of a mount) hold one. Rows made under the builder's edit token are changed in
   * place, like the tries' nodes.
   */
  private static final class Row {
    final Object edit;
    PersistentIntArray values; // null: the row is just {single} at index 0
    int single;
    int length;
    int live;

    Row(Object edit, PersistentIntArray values, int single, int length, int live) {
      this.edit = edit;
      this.values = values;
      this.single = single;
      this.length = length;
      this.live = live;
    }

    int at(int i) {
      return values != null ? values.get(i) : i == 0 ? single : 0;
    }

    Row editable(Object token) {
      return token != null && edit == token ? this : new Row(token, values, single, length, live);
    }
  }

  static final IntRows EMPTY = new IntRows(PersistentArray.empty(), PersistentIntArray.EMPTY);

  private final PersistentArray<Row> rows;
  private final PersistentIntArray position; // member -> index in its row

  private IntRows(PersistentArray<Row> rows, PersistentIntArray position) {
    this.rows = rows;
    this.position = position;
  }

  private IntRows with(PersistentArray<Row> newRows, PersistentIntArray newPosition) {
    return newRows == rows && newPosition == position ? this : new IntRows(newRows, newPosition);
  }

  int size(int row) {
    Row r = rows.get(row);
    return r == null ? 0 : r.live;
  }

  /** The row's members in order, as a new array. */
  int[] members(int row) {
    Row r = rows.get(row);
    if (r == null) return NONE;
    if (r.live == 1) return new int[] {first(r)};
    return r.values.nonZero(r.length, r.live);
  }

  /** The first member, or 0. */
  int first(int row) {
    Row r = rows.get(row);
    return r == null ? 0 : first(r);
  }

  private static int first(Row r) {
    for (int i = 0; i < r.length; i++) {
      int v = r.at(i);
      if (v != 0) return v;
    }
    return 0;
  }

  /** The last member, or 0. */
  int last(int row) {
    Row r = rows.get(row);
    if (r == null) return 0;
    for (int i = r.length - 1; i >= 0; i--) {
      int v = r.at(i);
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
      int v = r.at(i);
      if (v != 0) return v;
    }
    return 0;
  }

  IntRows add(int row, int member, Object edit) {
    Row r = rows.get(row);
    if (r == null) {
      Row one = new Row(edit, null, member, 1, 1);
      return with(rows.with(row, one, edit), position.with(member, 0, edit));
    }
    Row e = r.editable(edit);
    int at = e.length;
    if (e.values == null) e.values = PersistentIntArray.EMPTY.with(0, e.single, edit);
    e.values = e.values.with(at, member, edit);
    e.length = at + 1;
    e.live++;
    return with(e == r ? rows : rows.with(row, e, edit), position.with(member, at, edit));
  }

  IntRows remove(int row, int member, Object edit) {
    Row r = rows.get(row);
    if (r == null) return this;
    int i = position.get(member);
    if (i >= r.length || r.at(i) != member) {
      i = -1;
      for (int j = 0; j < r.length && i < 0; j++) if (r.at(j) == member) i = j;
      if (i < 0) return this;
    }
    if (r.live == 1) return with(rows.with(row, null, edit), position);
    Row e = r.editable(edit); // two or more members: the values are a trie
    e.values = e.values.with(i, 0, edit);
    e.live--;
    PersistentIntArray pos = position;
    if (e.length > 2 * e.live + PersistentArray.WIDTH) {
      int[] kept = e.values.nonZero(e.length, e.live);
      PersistentIntArray values = PersistentIntArray.EMPTY;
      for (int j = 0; j < kept.length; j++) {
        values = values.with(j, kept[j], edit);
        pos = pos.with(kept[j], j, edit);
      }
      e.values = values;
      e.length = kept.length;
    }
    return with(e == r ? rows : rows.with(row, e, edit), pos);
  }

  /**
   * Puts {@code member} into the row right after {@code after} (at the end when {@code after} is
   * not in it): the row is written anew, which costs its length.
   */
  IntRows insertAfter(int row, int member, int after, Object edit) {
    int[] old = members(row);
    IntRows out = clear(row, edit);
    boolean placed = false;
    for (int m : old) {
      out = out.add(row, m, edit);
      if (m == after) {
        out = out.add(row, member, edit);
        placed = true;
      }
    }
    return placed ? out : out.add(row, member, edit);
  }

  /** Drops a whole row (its members' positions become meaningless). */
  IntRows clear(int row, Object edit) {
    return rows.get(row) == null ? this : with(rows.with(row, null, edit), position);
  }
}
