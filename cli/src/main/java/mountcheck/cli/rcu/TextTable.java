package mountcheck.cli.rcu;

import java.util.ArrayList;
import java.util.List;
import mountcheck.engine.report.MarkdownTable;

/** A small table printed either with aligned columns or as Markdown ({@link MarkdownTable}). */
public final class TextTable {
  private final List<String[]> rows = new ArrayList<>();
  private final String[] header;

  public TextTable(String... header) {
    this.header = header;
  }

  public void add(Object... cells) {
    String[] r = new String[cells.length];
    for (int i = 0; i < cells.length; i++) r[i] = String.valueOf(cells[i]);
    rows.add(r);
  }

  public String aligned() {
    int[] w = new int[header.length];
    for (int i = 0; i < header.length; i++) w[i] = header[i].length();
    for (String[] r : rows) for (int i = 0; i < r.length; i++) w[i] = Math.max(w[i], r[i].length());
    StringBuilder sb = new StringBuilder();
    line(sb, header, w);
    for (String[] r : rows) line(sb, r, w);
    return sb.toString();
  }

  private static void line(StringBuilder sb, String[] cells, int[] w) {
    for (int i = 0; i < cells.length; i++) {
      sb.append(cells[i]);
      if (i < cells.length - 1) sb.append(" ".repeat(w[i] - cells[i].length() + 2));
    }
    sb.append('\n');
  }

  String markdown() {
    MarkdownTable t = new MarkdownTable(header);
    for (String[] r : rows) t.row((Object[]) r);
    return t.render();
  }
}
