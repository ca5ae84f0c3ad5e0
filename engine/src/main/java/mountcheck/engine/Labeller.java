package mountcheck.engine;

/**
 * Marks the current example with a label ("overlapping", "slave-of-slave", ...). Generators label
 * through their {@link Source}, checks through the labeller they are given; the runner counts each
 * label at most once per example and reports its share of all checked examples.
 */
@FunctionalInterface
public interface Labeller {
  void label(String name);

  /** A labeller that forgets every label, for re-checks during shrinking. */
  Labeller NONE = name -> {};
}
