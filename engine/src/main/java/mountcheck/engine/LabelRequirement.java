package mountcheck.engine;

/**
 * A label the property needs to see in at least {@code minShare} (0..1) of its checked examples; a
 * run in which it stays below fails, because the generator missed the cases that matter.
 */
public record LabelRequirement(String label, double minShare) {
  public LabelRequirement {
    if (label == null || label.isBlank()) throw new IllegalArgumentException("label needed");
    if (!(minShare >= 0 && minShare <= 1)) throw new IllegalArgumentException("share " + minShare);
  }
}
