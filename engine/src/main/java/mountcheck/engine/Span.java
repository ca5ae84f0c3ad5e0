package mountcheck.engine;

/**
 * A run of choices that a generator marked as one unit, with the kind of unit it is (in the style
 * of Hypothesis' labelled spans): the shrinker deletes spans, replaces a span by one nested in it,
 * and swaps neighbouring spans only when they have the same label.
 *
 * @param start index of the first choice
 * @param end index after the last choice
 * @param label the kind of unit: "list-element", "tree-node", "scenario-step", ...
 */
public record Span(int start, int end, String label) {
  public Span {
    if (start < 0 || end < start) throw new IllegalArgumentException(start + ".." + end);
  }

  public int length() {
    return end - start;
  }
}
