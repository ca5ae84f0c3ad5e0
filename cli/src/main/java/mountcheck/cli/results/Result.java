package mountcheck.cli.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One machine-readable result of a command: a property, check, file or measurement, its verdict,
 * the seed and budget that reproduce it, its counts, the counterexample it wrote and its time. The
 * JSON Lines and JUnit writers serialize exactly these fields (docs/commands.md, "Machine-readable
 * results" section documents them); shards of one campaign are merged by adding their counts.
 *
 * @param command the subcommand that produced it ({@code check}, {@code bench umount}, ...)
 * @param name the property, check, file or measurement
 * @param verdict what came out
 * @param seed the seed of the run, or null when nothing random was drawn
 * @param budget the limits the run was given
 * @param counts named counts in a fixed order ({@code examples}, {@code scenarios}, ...)
 * @param counterexample the counterexample file written, or null
 * @param seconds wall-clock time of this result
 * @param message a one-line explanation of a failure, skip or measurement, or null
 * @param shard the shard of a sharded command ({@code check}, {@code conform}) and what merging the
 *     shards needs, or null for commands that are not sharded
 */
public record Result(
    String command,
    String name,
    Verdict verdict,
    Long seed,
    Budget budget,
    Map<String, Long> counts,
    String counterexample,
    double seconds,
    String message,
    ShardRecord shard) {

  /** The schema version written with every JSON object; raise it when a field changes meaning. */
  public static final int SCHEMA = 1;

  public Result {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(verdict, "verdict");
    budget = budget == null ? Budget.NONE : budget;
    counts = counts == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(counts));
  }

  /** A result with only a verdict; add the rest with the with-methods. */
  public static Result of(String command, String name, Verdict verdict) {
    return new Result(command, name, verdict, null, Budget.NONE, Map.of(), null, 0, null, null);
  }

  public Result withSeed(Long s) {
    return new Result(
        command, name, verdict, s, budget, counts, counterexample, seconds, message, shard);
  }

  public Result withBudget(Budget b) {
    return new Result(
        command, name, verdict, seed, b, counts, counterexample, seconds, message, shard);
  }

  public Result withCount(String key, long value) {
    Map<String, Long> c = new LinkedHashMap<>(counts);
    c.put(key, value);
    return new Result(
        command, name, verdict, seed, budget, c, counterexample, seconds, message, shard);
  }

  public Result withCounterexample(String path) {
    return new Result(command, name, verdict, seed, budget, counts, path, seconds, message, shard);
  }

  public Result withSeconds(double s) {
    return new Result(
        command, name, verdict, seed, budget, counts, counterexample, s, message, shard);
  }

  public Result withMessage(String m) {
    return new Result(
        command, name, verdict, seed, budget, counts, counterexample, seconds, m, shard);
  }

  public Result withVerdict(Verdict v) {
    return new Result(
        command, name, v, seed, budget, counts, counterexample, seconds, message, shard);
  }

  public Result withShard(ShardRecord s) {
    return new Result(
        command, name, verdict, seed, budget, counts, counterexample, seconds, message, s);
  }

  /** Whether this result lets the command succeed. */
  public boolean ok() {
    return verdict.ok();
  }
}
