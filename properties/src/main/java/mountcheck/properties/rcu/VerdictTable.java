package mountcheck.properties.rcu;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The lifetime model's verdicts as data: design x property x bound -> verdict. Its text form is the
 * tab-separated file docs/data/lifetime-verdicts.tsv (one row per design and property, one column
 * per bound), which {@code explore rcu --verdicts-tsv} writes and the docs' verdict table is made
 * from ({@link #markdown()}).
 *
 * @param bounds the bounds of the columns, ascending
 * @param verdicts design name to property id to one verdict per bound, in registry order
 */
public record VerdictTable(List<Integer> bounds, Map<String, Map<String, List<Verdict>>> verdicts) {
  private static final String HEADER = "design\tproperty";

  public VerdictTable {
    bounds = List.copyOf(bounds);
    Map<String, Map<String, List<Verdict>>> copy = new LinkedHashMap<>();
    for (var d : verdicts.entrySet()) {
      Map<String, List<Verdict>> row = new LinkedHashMap<>();
      for (var p : d.getValue().entrySet()) {
        if (p.getValue().size() != bounds.size())
          throw new IllegalArgumentException(d.getKey() + " " + p.getKey() + ": one per bound");
        row.put(p.getKey(), List.copyOf(p.getValue()));
      }
      copy.put(d.getKey(), row);
    }
    verdicts = copy;
  }

  /** The table of these explorations: one list per design, one exploration per bound. */
  public static VerdictTable of(List<Integer> bounds, List<List<Exploration>> byDesign) {
    Map<String, Map<String, List<Verdict>>> out = new LinkedHashMap<>();
    for (List<Exploration> es : byDesign) {
      Map<String, List<Verdict>> row = new LinkedHashMap<>();
      for (RcuProperty p : RcuProperty.values()) {
        List<Verdict> vs = new ArrayList<>();
        for (Exploration e : es) vs.add(e.verdict(p));
        row.put(p.id(), vs);
      }
      out.put(es.get(0).variant().name(), row);
    }
    return new VerdictTable(bounds, out);
  }

  /** Parses the TSV form. */
  public static VerdictTable parse(String text) {
    List<Integer> bounds = null;
    Map<String, Map<String, List<Verdict>>> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) continue;
      String[] cells = line.split("\t");
      if (bounds == null) {
        if (!line.startsWith(HEADER)) throw new IllegalArgumentException("header: " + line);
        bounds = new ArrayList<>();
        for (int i = 2; i < cells.length; i++) bounds.add(Integer.parseInt(cells[i].substring(2)));
        continue;
      }
      if (cells.length != 2 + bounds.size()) throw new IllegalArgumentException("row: " + line);
      List<Verdict> vs = new ArrayList<>();
      for (int i = 2; i < cells.length; i++) vs.add(Verdict.valueOf(cells[i]));
      out.computeIfAbsent(cells[0], k -> new LinkedHashMap<>()).put(cells[1], vs);
    }
    if (bounds == null) throw new IllegalArgumentException("no header");
    return new VerdictTable(bounds, out);
  }

  /** The TSV form: a comment, the header, one row per design and property. */
  public String tsv() {
    StringBuilder sb = new StringBuilder();
    sb.append("# The lifetime model's verdicts: explore rcu --all-variants --bound ");
    sb.append(bounds.get(bounds.size() - 1)).append(" --verdicts-tsv FILE writes this file.\n");
    sb.append(HEADER);
    for (int k : bounds) sb.append("\tK=").append(k);
    sb.append('\n');
    for (var d : verdicts.entrySet())
      for (var p : d.getValue().entrySet()) {
        sb.append(d.getKey()).append('\t').append(p.getKey());
        for (Verdict v : p.getValue()) sb.append('\t').append(v);
        sb.append('\n');
      }
    return sb.toString();
  }

  /** The verdict of one design on one property at one bound. */
  public Verdict verdict(String design, String property, int bound) {
    return verdicts.get(design).get(property).get(bounds.indexOf(bound));
  }

  /** The properties that fail for a design at a bound, in catalogue order. */
  public List<String> failing(String design, int bound) {
    List<String> out = new ArrayList<>();
    for (var p : verdicts.get(design).entrySet())
      if (p.getValue().get(bounds.indexOf(bound)) == Verdict.FAIL) out.add(p.getKey());
    return out;
  }

  /**
   * The pairs "design property: K=k FAIL, K=k+1 PASS" where a bigger bound loses a failure (a
   * schedule of bound K is one of bound K + 1 too, so this is a modelling error); empty when the
   * verdicts are monotone.
   */
  public List<String> lostFailures() {
    List<String> out = new ArrayList<>();
    for (var d : verdicts.entrySet())
      for (var p : d.getValue().entrySet())
        for (int i = 0; i + 1 < bounds.size(); i++)
          if (p.getValue().get(i) == Verdict.FAIL && p.getValue().get(i + 1) != Verdict.FAIL)
            out.add(
                d.getKey()
                    + " "
                    + p.getKey()
                    + ": FAIL at K="
                    + bounds.get(i)
                    + ", not at K="
                    + bounds.get(i + 1));
    return out;
  }

  /**
   * The Markdown table of the docs: one row per design, the properties that fail at the first
   * bound, then those that fail from each larger bound on; a property the kernel does not promise
   * is marked "(expected)".
   */
  public String markdown() {
    StringBuilder sb = new StringBuilder("| design | fails at K=" + bounds.get(0));
    for (int i = 1; i < bounds.size(); i++) sb.append(" | also fails at K=").append(bounds.get(i));
    sb.append(" |\n|---");
    for (int i = 0; i < bounds.size(); i++) sb.append("|---");
    sb.append("|\n");
    for (String d : verdicts.keySet()) {
      sb.append("| `").append(d).append('`');
      Set<String> before = new TreeSet<>();
      for (int k : bounds) {
        List<String> now = new ArrayList<>();
        for (String p : failing(d, k)) if (before.add(p)) now.add(cell(p));
        sb.append(" | ").append(now.isEmpty() ? "-" : String.join(", ", now));
      }
      sb.append(" |\n");
    }
    return sb.toString();
  }

  private static String cell(String property) {
    boolean expected = RcuProperty.byId(property).map(p -> !p.guarantee()).orElse(false);
    return "`" + property + "`" + (expected ? " (expected)" : "");
  }
}
