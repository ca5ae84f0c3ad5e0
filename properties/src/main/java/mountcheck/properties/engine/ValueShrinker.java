package mountcheck.properties.engine;

import java.util.function.Predicate;

/**
 * Domain-level shrinking that runs after choice-sequence shrinking: it rewrites a failing value
 * into simpler values (for a scenario: fewer commands, plainer flags, shorter paths) and keeps a
 * rewrite only when {@code stillFails} holds for it.
 */
@FunctionalInterface
public interface ValueShrinker<T> {
  T shrink(T failing, Predicate<? super T> stillFails, ShrinkLimits limits);

  /** The shrinker that keeps the value as it is. */
  static <T> ValueShrinker<T> none() {
    return (value, stillFails, limits) -> value;
  }
}
