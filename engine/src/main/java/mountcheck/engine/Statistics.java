package mountcheck.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Label counts over the checked examples of a run. Each label counts once per example; shares are
 * taken over all checked (not discarded) examples.
 */
public final class Statistics {
  private final Map<String, int[]> counts = new HashMap<>();
  private int examples;

  /** Counts the labels the source collected for one checked example. */
  void record(Source source) {
    examples++;
    for (int i = 0, n = source.labelCount(); i < n; i++) {
      counts.computeIfAbsent(source.labelAt(i), k -> new int[1])[0]++;
    }
  }

  public int examples() {
    return examples;
  }

  public int count(String label) {
    int[] c = counts.get(label);
    return c == null ? 0 : c[0];
  }

  public double share(String label) {
    return examples == 0 ? 0.0 : (double) count(label) / examples;
  }

  /** Every label seen, most frequent first, ties by name. */
  public List<LabelShare> shares() {
    List<LabelShare> out = new ArrayList<>();
    for (Map.Entry<String, int[]> e : counts.entrySet()) {
      out.add(new LabelShare(e.getKey(), e.getValue()[0], share(e.getKey())));
    }
    out.sort(
        (a, b) ->
            a.count() != b.count()
                ? Integer.compare(b.count(), a.count())
                : a.label().compareTo(b.label()));
    return out;
  }

  /** One message per requirement whose label stayed below its minimum share. */
  public List<String> unmet(List<LabelRequirement> requirements) {
    Map<String, Long> c = new HashMap<>();
    counts.forEach((k, v) -> c.put(k, (long) v[0]));
    return unmet(c, examples, requirements);
  }

  /**
   * One message per requirement whose label stayed below its minimum share, given label counts over
   * {@code examples} checked examples (the merged counts of the shards of a campaign, say).
   */
  public static List<String> unmet(
      Map<String, Long> labelCounts, long examples, List<LabelRequirement> requirements) {
    List<String> out = new ArrayList<>();
    for (LabelRequirement r : requirements) {
      long n = labelCounts.getOrDefault(r.label(), 0L);
      double s = examples == 0 ? 0.0 : (double) n / examples;
      if (s < r.minShare()) {
        out.add(
            String.format(
                Locale.ROOT,
                "label %s on %.1f%% of %d examples, below the required %.1f%%",
                r.label(),
                100 * s,
                examples,
                100 * r.minShare()));
      }
    }
    return out;
  }
}
