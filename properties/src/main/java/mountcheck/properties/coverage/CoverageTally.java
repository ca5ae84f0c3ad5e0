package mountcheck.properties.coverage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import mountcheck.model.coverage.CoverageTargets;

/**
 * How often each coverage target was hit by a scenario compared with a real kernel: by recorded
 * conformance cases (the kernel's answer is in the file and CI checks both the model and the live
 * kernel against it) and by generated scenarios run on the live kernel, with the kernels that
 * answered. A target that is not one of {@link CoverageTargets#all()} is an error.
 */
public final class CoverageTally {
  private final Map<String, int[]> hits = new LinkedHashMap<>(); // {recorded, generated}
  private final Map<String, Set<String>> kernels = new LinkedHashMap<>();
  private int recordedScenarios;
  private int generatedScenarios;

  public CoverageTally() {
    for (String t : CoverageTargets.all()) {
      hits.put(t, new int[2]);
      kernels.put(t, new TreeSet<>());
    }
  }

  /** A recorded conformance case, answered by {@code kernel}, hit these targets. */
  public synchronized void addRecorded(Set<String> targets, String kernel) {
    recordedScenarios++;
    add(targets, 0, kernel);
  }

  /** A generated scenario, compared with the live {@code kernel}, hit these targets. */
  public synchronized void addGenerated(Set<String> targets, String kernel) {
    generatedScenarios++;
    add(targets, 1, kernel);
  }

  private void add(Set<String> targets, int kind, String kernel) {
    for (String t : targets) {
      int[] h = hits.get(t);
      if (h == null) throw new IllegalArgumentException("not a coverage target: " + t);
      h[kind]++;
      kernels.get(t).add(kernel);
    }
  }

  public synchronized int recorded(String target) {
    return hits.get(target)[0];
  }

  public synchronized int generated(String target) {
    return hits.get(target)[1];
  }

  public synchronized int recordedScenarios() {
    return recordedScenarios;
  }

  public synchronized int generatedScenarios() {
    return generatedScenarios;
  }

  /** Targets no compared scenario hit, in enumeration order. */
  public synchronized List<String> unhit() {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, int[]> e : hits.entrySet())
      if (e.getValue()[0] + e.getValue()[1] == 0) out.add(e.getKey());
    return out;
  }

  /**
   * The table: target, hits by recorded cases, hits by generated scenarios (and their share), and
   * the kernels that answered; a summary line first.
   */
  public synchronized String render() {
    StringBuilder b = new StringBuilder();
    int total = hits.size();
    b.append(
        String.format(
            Locale.ROOT,
            "%d of %d targets hit; %d recorded cases, %d generated scenarios compared with a"
                + " kernel%n",
            total - unhit().size(),
            total,
            recordedScenarios,
            generatedScenarios));
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"target", "recorded", "generated", "share", "checked against"});
    for (Map.Entry<String, int[]> e : hits.entrySet()) {
      int[] h = e.getValue();
      String share =
          generatedScenarios == 0
              ? "-"
              : String.format(Locale.ROOT, "%.1f%%", 100.0 * h[1] / generatedScenarios);
      Set<String> k = kernels.get(e.getKey());
      rows.add(
          new String[] {
            e.getKey(),
            String.valueOf(h[0]),
            String.valueOf(h[1]),
            share,
            k.isEmpty() ? "NOT HIT" : String.join(", ", k)
          });
    }
    int[] width = new int[5];
    for (String[] r : rows)
      for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(r[i]);
        if (i + 1 < r.length) line.append(" ".repeat(width[i] - r[i].length() + 2));
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    return b.toString();
  }
}
