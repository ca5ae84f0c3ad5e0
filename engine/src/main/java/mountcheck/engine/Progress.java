package mountcheck.engine;

/** Receives progress of a running property, at most a few times per second. */
@FunctionalInterface
public interface Progress {
  void update(String property, int checked, int discarded, long elapsedNanos);

  Progress NONE = (property, checked, discarded, elapsedNanos) -> {};
}
