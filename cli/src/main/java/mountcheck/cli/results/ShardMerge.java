package mountcheck.cli.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.BiFunction;
import mountcheck.properties.engine.LabelRequirement;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.engine.Runner;
import mountcheck.properties.engine.Shard;
import mountcheck.properties.engine.Statistics;

/**
 * Merges the results of the shards of campaigns into the results the unsharded runs would have
 * given. Results are grouped by command, name and seed. In a group of shards {@code I/N}:
 *
 * <ul>
 *   <li>every shard 0..N-1 must be there exactly once, with the same N and budget; otherwise the
 *       merged result is an {@code error} naming the missing or doubled shards;
 *   <li>if some shard failed on an example, the failure at the smallest example index is the one
 *       the unsharded run finds (it stops there): its verdict, message and counterexample are
 *       taken, and the counts are those of the examples below it (each shard owns a known set of
 *       indices and recorded which of them it discarded);
 *   <li>otherwise the counts are added, and the run is judged on the merged counts as a whole run
 *       is: too many discards give up, a required label below its share fails.
 * </ul>
 *
 * Counterexamples of other failing shards are kept (the union of all counterexamples is listed by
 * {@link #counterexamples}). Results without a shard (other commands) are passed through.
 */
public final class ShardMerge {
  private ShardMerge() {}

  /** The required labels of a property, given the command and name of a result. */
  public interface Requirements extends BiFunction<String, String, List<LabelRequirement>> {}

  /** Every counterexample file any of {@code results} wrote, in order, without repeats. */
  public static List<String> counterexamples(List<Result> results) {
    return results.stream()
        .map(Result::counterexample)
        .filter(Objects::nonNull)
        .distinct()
        .toList();
  }

  public static List<Result> merge(List<Result> results, Requirements requirements) {
    Map<List<Object>, List<Result>> groups = new LinkedHashMap<>();
    for (Result r : results) {
      groups
          .computeIfAbsent(
              List.of(r.command(), r.name(), String.valueOf(r.seed())), k -> new ArrayList<>())
          .add(r);
    }
    List<Result> out = new ArrayList<>();
    for (List<Result> g : groups.values()) {
      if (g.stream().allMatch(r -> r.shard() == null)) out.addAll(g);
      else out.add(mergeShards(g, requirements));
    }
    return out;
  }

  private static Result mergeShards(List<Result> shards, Requirements requirements) {
    Result first = shards.get(0);
    int n = first.shard() == null ? 1 : first.shard().shard().count();
    if (n == 1 && shards.size() == 1) return first; // an unsharded run is its own merge
    Map<Integer, Result> byIndex = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Result r : shards) {
      Shard s = r.shard() == null ? Shard.WHOLE : r.shard().shard();
      if (s.count() != n)
        problems.add("shard " + s + " belongs to a campaign of " + s.count() + " shards, not " + n);
      else if (!Objects.equals(r.budget().tries(), first.budget().tries()))
        problems.add("shard " + s + " has another budget");
      else if (byIndex.put(s.index(), r) != null) problems.add("shard " + s + " appears twice");
    }
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < n; i++) if (!byIndex.containsKey(i)) missing.add(i + "/" + n);
    if (!missing.isEmpty())
      problems.add(
          0,
          (missing.size() == 1 ? "shard " : "shards ") + String.join(", ", missing) + " missing");
    String checkedKey = first.counts().containsKey("scenarios") ? "scenarios" : "examples";
    String passedKey = first.counts().containsKey("agreed") ? "agreed" : "passed";
    Result merged =
        Result.of(first.command(), first.name(), Verdict.PASSED)
            .withSeed(first.seed())
            .withBudget(first.budget())
            .withSeconds(shards.stream().mapToDouble(Result::seconds).max().orElse(0));
    if (!problems.isEmpty()) {
      return merged
          .withVerdict(Verdict.ERROR)
          .withMessage(String.join("; ", problems))
          .withShard(new ShardRecord(Shard.WHOLE, null, List.of(), Map.of()));
    }
    Map<String, Long> labels = new TreeMap<>();
    for (Result r : byIndex.values())
      r.shard().labels().forEach((k, v) -> labels.merge(k, v, Long::sum));
    Result failing =
        byIndex.values().stream()
            .filter(r -> r.shard().failingExample() != null)
            .min(Comparator.comparingInt(r -> r.shard().failingExample()))
            .orElse(null);
    long checked = 0;
    long discarded = 0;
    if (failing != null) {
      int f = failing.shard().failingExample();
      for (Result r : byIndex.values()) {
        long below = r.shard().discardedExamples().stream().filter(i -> i < f).count();
        checked += r.shard().shard().ownedBelow(f) - below;
        discarded += below;
      }
      checked++; // the failing example itself
      List<Integer> discardedBelow = new ArrayList<>();
      for (Result r : byIndex.values())
        r.shard().discardedExamples().stream().filter(i -> i < f).forEach(discardedBelow::add);
      discardedBelow.sort(null);
      merged =
          merged
              .withVerdict(failing.verdict())
              .withMessage(failing.message())
              .withCounterexample(failing.counterexample())
              .withCount(checkedKey, checked)
              .withCount(passedKey, checked - 1)
              .withCount("discarded", discarded);
      for (Map.Entry<String, Long> c : failing.counts().entrySet()) {
        if (!merged.counts().containsKey(c.getKey()))
          merged = merged.withCount(c.getKey(), c.getValue());
      }
      return merged.withShard(new ShardRecord(Shard.WHOLE, f, discardedBelow, labels));
    }
    Map<String, Long> sums = new LinkedHashMap<>();
    for (Result r : byIndex.values()) r.counts().forEach((k, v) -> sums.merge(k, v, Long::sum));
    for (Map.Entry<String, Long> c : sums.entrySet())
      merged = merged.withCount(c.getKey(), c.getValue());
    checked = sums.getOrDefault(checkedKey, 0L);
    discarded = sums.getOrDefault("discarded", 0L);
    merged = merged.withShard(new ShardRecord(Shard.WHOLE, null, List.of(), labels));
    Result notOk = byIndex.values().stream().filter(r -> !r.ok()).findFirst().orElse(null);
    if (notOk != null) {
      // a shard that gave up, erred, or (a known-bug variant) missed everywhere
      return merged
          .withVerdict(notOk.verdict())
          .withMessage("shard " + notOk.shard().shard() + ": " + notOk.message());
    }
    String gaveUp =
        Runner.gaveUpReason(checked, discarded, RunConfig.defaults().maxDiscardFactor(), false);
    if (gaveUp != null) return merged.withVerdict(Verdict.GAVE_UP).withMessage(gaveUp);
    List<String> unmet =
        Statistics.unmet(labels, checked, requirements.apply(first.command(), first.name()));
    if (!unmet.isEmpty())
      return merged.withVerdict(Verdict.FAILED).withMessage(String.join("; ", unmet));
    return merged.withVerdict(
        byIndex.values().iterator().next().verdict() == Verdict.SKIPPED
            ? Verdict.SKIPPED
            : Verdict.PASSED);
  }
}
