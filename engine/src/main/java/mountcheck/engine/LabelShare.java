package mountcheck.engine;

/** How many checked examples carried a label, and which share of all checked examples that is. */
public record LabelShare(String label, int count, double share) {}
