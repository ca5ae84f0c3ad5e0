package mountcheck.properties.counterexample;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import mountcheck.engine.Failure;
import mountcheck.engine.RunReport;
import mountcheck.engine.Verdict;

/**
 * The facts a counterexample file records about itself: the property it breaks (or witnesses), the
 * algorithm or known-bug variant under test, the seed and shard ({@code I/N}) of the run that found
 * it, its size in commands before and after shrinking, the failure message, expected versus actual
 * (canonical form, possibly several lines) and its status. Optional facts are null and left out of
 * the file.
 */
public record CounterexampleHeader(
    String property,
    String algorithm,
    String variant,
    Long seed,
    Integer commandsBefore,
    Integer commandsAfter,
    String message,
    String expected,
    String actual,
    Status status,
    String reproduce,
    String shard) {

  public static final String PROPERTY = "property";
  public static final String ALGORITHM = "algorithm";
  public static final String VARIANT = "variant";
  public static final String SEED = "seed";
  public static final String COMMANDS_BEFORE = "commands-before";
  public static final String COMMANDS_AFTER = "commands-after";
  public static final String MESSAGE = "message";
  public static final String EXPECTED = "expected";
  public static final String ACTUAL = "actual";
  public static final String STATUS = "status";
  public static final String RUN = "run";
  public static final String REPRODUCE = "reproduce";
  public static final String SHARD = "shard";

  public CounterexampleHeader {
    Objects.requireNonNull(property, "property");
    Objects.requireNonNull(status, "status");
    if (property.isBlank()) throw new IllegalArgumentException("property name is blank");
  }

  /** A header without a reproduction command. */
  public CounterexampleHeader(
      String property,
      String algorithm,
      String variant,
      Long seed,
      Integer commandsBefore,
      Integer commandsAfter,
      String message,
      String expected,
      String actual,
      Status status) {
    this(
        property,
        algorithm,
        variant,
        seed,
        commandsBefore,
        commandsAfter,
        message,
        expected,
        actual,
        status,
        null,
        null);
  }

  /** A header with only the property and status; add the rest with the with-methods. */
  public static CounterexampleHeader of(String property, Status status) {
    return new CounterexampleHeader(
        property, null, null, null, null, null, null, null, null, status, null, null);
  }

  /**
   * The header for the failure of a run: property, seed, sizes in commands, the shrunk failure's
   * message, expected and actual; status regression (a fixed bug must stay fixed).
   *
   * @throws IllegalArgumentException if the run did not fail on an example
   */
  public static CounterexampleHeader ofFailure(
      RunReport<?> report, int commandsBefore, int commandsAfter) {
    Failure<?> f =
        report
            .firstFailure()
            .orElseThrow(() -> new IllegalArgumentException(report.property() + " did not fail"));
    Verdict v = f.verdict();
    return of(report.property(), Status.REGRESSION)
        .withSeed(report.seed())
        .withShard(report.shard().toString())
        .withSizes(commandsBefore, commandsAfter)
        .withFailure(
            v.message().isEmpty() ? null : v.message(),
            v.expected().isEmpty() ? null : v.expected(),
            v.actual().isEmpty() ? null : v.actual());
  }

  public CounterexampleHeader withAlgorithm(String a) {
    return new CounterexampleHeader(
        property,
        a,
        variant,
        seed,
        commandsBefore,
        commandsAfter,
        message,
        expected,
        actual,
        status,
        reproduce,
        shard);
  }

  public CounterexampleHeader withVariant(String v) {
    return new CounterexampleHeader(
        property,
        algorithm,
        v,
        seed,
        commandsBefore,
        commandsAfter,
        message,
        expected,
        actual,
        status,
        reproduce,
        shard);
  }

  public CounterexampleHeader withSeed(long s) {
    return new CounterexampleHeader(
        property,
        algorithm,
        variant,
        s,
        commandsBefore,
        commandsAfter,
        message,
        expected,
        actual,
        status,
        reproduce,
        shard);
  }

  public CounterexampleHeader withSizes(int before, int after) {
    return new CounterexampleHeader(
        property, algorithm, variant, seed, before, after, message, expected, actual, status,
        reproduce, shard);
  }

  public CounterexampleHeader withFailure(String m, String e, String a) {
    return new CounterexampleHeader(
        property,
        algorithm,
        variant,
        seed,
        commandsBefore,
        commandsAfter,
        m,
        e,
        a,
        status,
        reproduce,
        shard);
  }

  public CounterexampleHeader withStatus(Status s) {
    return new CounterexampleHeader(
        property,
        algorithm,
        variant,
        seed,
        commandsBefore,
        commandsAfter,
        message,
        expected,
        actual,
        s,
        reproduce,
        shard);
  }

  /** The same header with the full command that reruns the search that found it. */
  public CounterexampleHeader withReproduce(String command) {
    return new CounterexampleHeader(
        property,
        algorithm,
        variant,
        seed,
        commandsBefore,
        commandsAfter,
        message,
        expected,
        actual,
        status,
        command,
        shard);
  }

  /** The same header with the shard ({@code I/N}) of the run that found it. */
  public CounterexampleHeader withShard(String s) {
    return new CounterexampleHeader(
        property,
        algorithm,
        variant,
        seed,
        commandsBefore,
        commandsAfter,
        message,
        expected,
        actual,
        status,
        reproduce,
        s);
  }

  /** The fields in file order, without the {@code run} line (the writer adds it). */
  Map<String, String> fields() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put(PROPERTY, property);
    put(f, ALGORITHM, algorithm);
    put(f, VARIANT, variant);
    put(f, SEED, seed);
    put(f, SHARD, shard);
    put(f, COMMANDS_BEFORE, commandsBefore);
    put(f, COMMANDS_AFTER, commandsAfter);
    put(f, MESSAGE, message);
    put(f, EXPECTED, expected);
    put(f, ACTUAL, actual);
    f.put(STATUS, status.word());
    put(f, REPRODUCE, reproduce);
    return f;
  }

  private static void put(Map<String, String> f, String key, Object value) {
    if (value != null) f.put(key, value.toString());
  }

  /** The header described by parsed fields; {@code property} and {@code status} are required. */
  static CounterexampleHeader fromFields(Map<String, String> f) {
    String property = f.get(PROPERTY);
    if (property == null) throw new IllegalArgumentException("header has no '# property:' line");
    String status = f.get(STATUS);
    if (status == null) throw new IllegalArgumentException("header has no '# status:' line");
    return new CounterexampleHeader(
        property,
        f.get(ALGORITHM),
        f.get(VARIANT),
        f.containsKey(SEED) ? Long.valueOf(f.get(SEED)) : null,
        f.containsKey(COMMANDS_BEFORE) ? Integer.valueOf(f.get(COMMANDS_BEFORE)) : null,
        f.containsKey(COMMANDS_AFTER) ? Integer.valueOf(f.get(COMMANDS_AFTER)) : null,
        f.get(MESSAGE),
        f.get(EXPECTED),
        f.get(ACTUAL),
        Status.parse(status),
        f.get(REPRODUCE),
        f.get(SHARD));
  }
}
