package mountcheck.engine.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A Markdown (GitHub) table: a header, an alignment per column, rows. Cells are escaped, so a
 * {@code |} in a message or a file name never splits a cell, and line breaks become spaces. Every
 * table the project prints or writes goes through this class.
 */
public final class MarkdownTable {
  private final List<String> header;
  private final boolean[] right;
  private final List<List<String>> rows = new ArrayList<>();

  /** A table with these column titles, all left-aligned. */
  public MarkdownTable(String... header) {
    this(List.of(header));
  }

  public MarkdownTable(List<String> header) {
    if (header.isEmpty()) throw new IllegalArgumentException("a table needs a column");
    this.header = List.copyOf(header);
    this.right = new boolean[header.size()];
  }

  /** Right-aligns the given columns (numbers). */
  public MarkdownTable rightAligned(int... columns) {
    for (int c : columns) right[c] = true;
    return this;
  }

  /** Appends a row; missing cells are empty, extra cells are an error. */
  public MarkdownTable row(Object... cells) {
    if (cells.length > header.size()) {
      throw new IllegalArgumentException(
          cells.length + " cells for " + header.size() + " columns: " + Arrays.toString(cells));
    }
    List<String> r = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      r.add(i < cells.length && cells[i] != null ? cells[i].toString() : "");
    }
    rows.add(r);
    return this;
  }

  public int rowCount() {
    return rows.size();
  }

  /** The header line and the alignment line, each ending in a newline. */
  public String header() {
    StringBuilder b = new StringBuilder();
    line(b, header);
    b.append('|');
    for (boolean r : right) b.append(r ? "---:|" : "---|");
    return b.append('\n').toString();
  }

  /** One rendered row (without a newline), for tables printed as they grow. */
  public static String line(List<String> cells) {
    StringBuilder b = new StringBuilder();
    line(b, cells);
    return b.substring(0, b.length() - 1);
  }

  /** The whole table, every line ending in a newline. */
  public String render() {
    StringBuilder b = new StringBuilder(header());
    for (List<String> r : rows) line(b, r);
    return b.toString();
  }

  @Override
  public String toString() {
    return render();
  }

  private static void line(StringBuilder b, List<String> cells) {
    b.append('|');
    for (String c : cells) b.append(' ').append(escape(c)).append(" |");
    b.append('\n');
  }

  /** A cell's text: {@code |} escaped, line breaks and runs of blanks as one space. */
  public static String escape(String cell) {
    return cell.replace("|", "\\|").replaceAll("\\s*[\\r\\n]+\\s*", " ");
  }
}
