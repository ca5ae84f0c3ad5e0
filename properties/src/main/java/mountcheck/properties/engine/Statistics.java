package mountcheck.properties.engine;

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
    List<String> out = new ArrayList<>();
    for (LabelRequirement r : requirements) {
      double s = share(r.label());
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
