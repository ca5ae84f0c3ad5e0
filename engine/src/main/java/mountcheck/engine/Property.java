package mountcheck.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A property as a value: a name, a one-line statement (the documentation of the invariant), a
 * generator of examples, a check, the default budget (tries and time), the labels it requires with
 * their minimum shares, the largest size parameter and the domain-level shrinker that runs after
 * choice shrinking. Build one with {@link #of} and the {@code with...} methods.
 */
public record Property<T>(
    String name,
    String statement,
    Gen<T> generator,
    Check<? super T> check,
    int tries,
    Duration timeLimit,
    List<LabelRequirement> requiredLabels,
    int maxSize,
    ValueShrinker<T> shrinker) {

  public static final int DEFAULT_TRIES = 1_000;
  public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_SIZE = 100;

  public Property {
    Objects.requireNonNull(name);
    Objects.requireNonNull(statement);
    Objects.requireNonNull(generator);
    Objects.requireNonNull(check);
    Objects.requireNonNull(timeLimit);
    Objects.requireNonNull(shrinker);
    requiredLabels = List.copyOf(requiredLabels);
    if (tries <= 0) throw new IllegalArgumentException("tries must be positive: " + tries);
    if (maxSize < 0) throw new IllegalArgumentException("maxSize must be >= 0: " + maxSize);
  }

  /** A property with the default budget, no required labels and no domain shrinker. */
  public static <T> Property<T> of(
      String name, String statement, Gen<T> generator, Check<? super T> check) {
    return new Property<>(
        name,
        statement,
        generator,
        check,
        DEFAULT_TRIES,
        DEFAULT_TIME_LIMIT,
        List.of(),
        DEFAULT_MAX_SIZE,
        ValueShrinker.none());
  }

  /** A property whose check is a predicate; a false result fails with the statement. */
  public static <T> Property<T> holds(
      String name, String statement, Gen<T> generator, Predicate<? super T> holds) {
    return of(name, statement, generator, (v, labels) -> Verdict.of(holds.test(v), statement));
  }

  public Property<T> withTries(int newTries) {
    return new Property<>(
        name, statement, generator, check, newTries, timeLimit, requiredLabels, maxSize, shrinker);
  }

  public Property<T> withTimeLimit(Duration newLimit) {
    return new Property<>(
        name, statement, generator, check, tries, newLimit, requiredLabels, maxSize, shrinker);
  }

  public Property<T> withMaxSize(int newMaxSize) {
    return new Property<>(
        name, statement, generator, check, tries, timeLimit, requiredLabels, newMaxSize, shrinker);
  }

  public Property<T> withShrinker(ValueShrinker<T> newShrinker) {
    return new Property<>(
        name, statement, generator, check, tries, timeLimit, requiredLabels, maxSize, newShrinker);
  }

  /** This property, also requiring {@code label} on at least {@code minShare} of the examples. */
  public Property<T> requiring(String label, double minShare) {
    List<LabelRequirement> more = new ArrayList<>(requiredLabels);
    more.add(new LabelRequirement(label, minShare));
    return new Property<>(
        name, statement, generator, check, tries, timeLimit, more, maxSize, shrinker);
  }
}
