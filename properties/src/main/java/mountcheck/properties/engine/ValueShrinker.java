package mountcheck.properties.engine;

import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Domain-level shrinking that runs after choice-sequence shrinking: it rewrites a failing value
 * into simpler values (for a scenario: fewer commands, plainer flags, shorter paths) and keeps a
 * rewrite only when {@code stillFails} holds for it.
 */
@FunctionalInterface
public interface ValueShrinker<T> {
  T shrink(T failing, Predicate<? super T> stillFails, ShrinkLimits limits);

  /**
   * Shrinks one part of a value: {@code part} extracts it (for example the scenario of a test
   * case), {@code rebuild} puts a shrunk part back, and {@code inner} shrinks the part while the
   * rebuilt value still fails.
   */
  static <T, P> ValueShrinker<T> onPart(
      Function<? super T, ? extends P> part,
      BiFunction<? super T, ? super P, ? extends T> rebuild,
      ValueShrinker<P> inner) {
    return (value, stillFails, limits) -> {
      P shrunk =
          inner.shrink(part.apply(value), p -> stillFails.test(rebuild.apply(value, p)), limits);
      return rebuild.apply(value, shrunk);
    };
  }

  /** The shrinker that keeps the value as it is. */
  static <T> ValueShrinker<T> none() {
    return (value, stillFails, limits) -> value;
  }
}
