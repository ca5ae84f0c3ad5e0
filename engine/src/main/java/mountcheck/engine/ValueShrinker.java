package mountcheck.engine;

import java.util.List;
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

  /** A shrunk value and what each named pass of the shrinker did to get it. */
  record Shrunk<T>(T value, List<PassStatistics> passes) {
    public Shrunk {
      passes = List.copyOf(passes);
    }
  }

  /**
   * The same as {@link #shrink}, with the statistics of the shrinker's named passes; a shrinker
   * without named passes reports none.
   */
  default Shrunk<T> shrinkWithStatistics(
      T failing, Predicate<? super T> stillFails, ShrinkLimits limits) {
    return new Shrunk<>(shrink(failing, stillFails, limits), List.of());
  }

  /**
   * Shrinks one part of a value: {@code part} extracts it (for example the scenario of a test
   * case), {@code rebuild} puts a shrunk part back, and {@code inner} shrinks the part while the
   * rebuilt value still fails. The statistics are {@code inner}'s.
   */
  static <T, P> ValueShrinker<T> onPart(
      Function<? super T, ? extends P> part,
      BiFunction<? super T, ? super P, ? extends T> rebuild,
      ValueShrinker<P> inner) {
    return new ValueShrinker<>() {
      @Override
      public T shrink(T value, Predicate<? super T> stillFails, ShrinkLimits limits) {
        return shrinkWithStatistics(value, stillFails, limits).value();
      }

      @Override
      public Shrunk<T> shrinkWithStatistics(
          T value, Predicate<? super T> stillFails, ShrinkLimits limits) {
        Shrunk<P> shrunk =
            inner.shrinkWithStatistics(
                part.apply(value), p -> stillFails.test(rebuild.apply(value, p)), limits);
        return new Shrunk<>(rebuild.apply(value, shrunk.value()), shrunk.passes());
      }
    };
  }

  /** The shrinker that keeps the value as it is. */
  static <T> ValueShrinker<T> none() {
    return (value, stillFails, limits) -> value;
  }
}
