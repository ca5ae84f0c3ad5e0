package mountcheck.cli.results;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import mountcheck.model.kernels.Kernels;
import mountcheck.properties.engine.LabelRequirement;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.engine.Runner;
import mountcheck.properties.engine.Shard;
import mountcheck.properties.engine.Statistics;

/**
 * Merges the results of the shards of campaigns into the results the unsharded runs would have
 * given. Results are grouped by command, name, seed and kernel (a campaign over kernel x shard is
 * one campaign per kernel). In a group of shards {@code I/N}:
 *
 * <ul>
 *   <li>every shard 0..N-1 must be there exactly once, with the same N and budget; otherwise the
 *       merged result is an {@code error} naming the missing or doubled shards;
 *   <li>if some shard failed on an example, the failure at the smallest example index is the one
 *       the unsharded run finds (it stops there): its verdict, message and counterexample are
 *       taken, and the counts are those of the examples below it (each shard owns a known set of
 *       indices and recorded which of them it discarded);
 *   <li>otherwise the counts are added, and the run is judged on the merged counts as a whole run
 *       is: too many discards give up, a required label below its share fails; a shard that was
 *       skipped (its kernel could not be used) makes the merged result skipped;
 *   <li>a kernel with no result at all for a property that other kernels have (or that is named in
 *       the expected kernels) is an error of its own.
 * </ul>
 *
 * A campaign split into a list of work items ({@code bench kernels}: kernel x experiment, each
 * shard a contiguous block) merges into its items in list order; every item must come once, from
 * the shard that owns it.
 *
 * <p>Counterexamples of other failing shards are kept (the union of all counterexamples is listed
 * by {@link #counterexamples}). Results without a shard (other commands) are passed through.
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
    return merge(results, requirements, List.of());
  }

  /**
   * Merges {@code results}; {@code kernels}, when not empty, are the kernels the campaign ran on,
   * so that a kernel none of whose shards left a result is reported missing too (otherwise every
   * command's sharded results must cover the kernels any of them covers).
   */
  public static List<Result> merge(
      List<Result> results, Requirements requirements, List<String> kernels) {
    Map<List<Object>, List<Result>> groups = new LinkedHashMap<>();
    Map<List<Object>, List<Result>> itemCampaigns = new LinkedHashMap<>();
    for (Result r : results) {
      if (r.shard() != null && r.shard().items() != null) {
        itemCampaigns
            .computeIfAbsent(
                List.of(
                    r.command(),
                    String.valueOf(r.seed()),
                    r.shard().items(),
                    r.shard().shard().count()),
                k -> new ArrayList<>())
            .add(r);
        continue;
      }
      groups
          .computeIfAbsent(
              List.of(
                  r.command(),
                  r.name(),
                  String.valueOf(r.seed()),
                  r.shard() == null ? "" : r.shard().kernel()),
              k -> new ArrayList<>())
          .add(r);
    }
    List<Result> out = new ArrayList<>();
    for (List<Result> g : groups.values()) {
      if (g.stream().allMatch(r -> r.shard() == null)) out.addAll(g);
      else out.add(mergeShards(g, requirements));
    }
    out.addAll(missingKernels(out, kernels));
    for (List<Result> c : itemCampaigns.values()) out.addAll(mergeItems(c));
    return out;
  }

  /**
   * An error result for every (command, property, seed) of a sharded campaign that has no result at
   * all on a kernel it should cover: one of {@code kernels}, or when none are given, one that the
   * command's other sharded results cover.
   */
  private static List<Result> missingKernels(List<Result> merged, List<String> kernels) {
    Map<String, Set<String>> kernelsOfCommand = new LinkedHashMap<>();
    Map<List<Object>, Set<String>> kernelsOfCampaign = new LinkedHashMap<>();
    Map<List<Object>, Result> sample = new LinkedHashMap<>();
    for (Result r : merged) {
      if (r.shard() == null) continue;
      String k = r.shard().kernel();
      kernelsOfCommand.computeIfAbsent(r.command(), c -> new LinkedHashSet<>()).add(k);
      List<Object> key = List.of(r.command(), baseName(r.name(), k), String.valueOf(r.seed()));
      kernelsOfCampaign.computeIfAbsent(key, c -> new LinkedHashSet<>()).add(k);
      sample.putIfAbsent(key, r);
    }
    List<Result> out = new ArrayList<>();
    for (Map.Entry<List<Object>, Set<String>> c : kernelsOfCampaign.entrySet()) {
      Result r = sample.get(c.getKey());
      Collection<String> expected = kernels.isEmpty() ? kernelsOfCommand.get(r.command()) : kernels;
      String base = baseName(r.name(), r.shard().kernel());
      boolean suffixed = !base.equals(r.name());
      for (String k : expected) {
        if (c.getValue().contains(k)) continue;
        out.add(
            Result.of(r.command(), suffixed ? base + "@" + k : base, Verdict.ERROR)
                .withSeed(r.seed())
                .withBudget(r.budget())
                .withMessage("kernel " + k + ": every shard missing (no result for this kernel)")
                .withShard(ShardRecord.examples(Shard.WHOLE, k, null, List.of(), Map.of())));
      }
    }
    return out;
  }

  /** A result's name without the {@code @KERNEL} suffix guest kernels' conform results carry. */
  private static String baseName(String name, String kernel) {
    return name.endsWith("@" + kernel)
        ? name.substring(0, name.length() - kernel.length() - 1)
        : name;
  }

  /**
   * The results of a campaign split into a list of work items (each result is one item): every item
   * must come exactly once, from the shard whose block owns it. The merged results are the items in
   * list order, as the unsharded run gives them; a missing, doubled or misplaced item adds an error
   * result.
   */
  private static List<Result> mergeItems(List<Result> results) {
    Result first = results.get(0);
    int items = first.shard().items();
    int n = first.shard().shard().count();
    Map<Integer, Result> byItem = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Result r : results) {
      ShardRecord s = r.shard();
      if (s.item() < 0 || s.item() >= items)
        problems.add("item " + s.item() + " (" + r.name() + ") is not in 0.." + (items - 1));
      else if (!s.shard().ownsInBlock(s.item(), items))
        problems.add(
            "item "
                + s.item()
                + " ("
                + r.name()
                + ") comes from shard "
                + s.shard()
                + ", which does not own it");
      else if (byItem.put(s.item(), r) != null)
        problems.add("item " + s.item() + " (" + r.name() + ") appears twice");
    }
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < items; i++) {
      if (byItem.containsKey(i)) continue;
      for (int x = 0; x < n; x++)
        if (new Shard(x, n).ownsInBlock(i, items)) missing.add(i + " (shard " + x + "/" + n + ")");
    }
    if (!missing.isEmpty())
      problems.add(0, "items " + String.join(", ", missing) + " of " + items + " missing");
    List<Result> out = new ArrayList<>();
    for (Result r : byItem.values()) {
      ShardRecord s = r.shard();
      out.add(r.withShard(ShardRecord.item(Shard.WHOLE, s.kernel(), s.item(), s.items())));
    }
    if (!problems.isEmpty()) {
      out.add(
          Result.of(first.command(), "shards of " + n, Verdict.ERROR)
              .withSeed(first.seed())
              .withMessage(String.join("; ", problems)));
    }
    return out;
  }

  private static Result mergeShards(List<Result> shards, Requirements requirements) {
    Result first = shards.get(0);
    int n = first.shard() == null ? 1 : first.shard().shard().count();
    if (n == 1 && shards.size() == 1) return first; // an unsharded run is its own merge
    Map<Integer, Result> byIndex = new TreeMap<>();
    List<String> problems = shardProblems(shards, n, byIndex);
    String checkedKey = first.counts().containsKey("scenarios") ? "scenarios" : "examples";
    String passedKey = first.counts().containsKey("agreed") ? "agreed" : "passed";
    Result merged =
        Result.of(first.command(), first.name(), Verdict.PASSED)
            .withSeed(first.seed())
            .withBudget(first.budget())
            .withSeconds(shards.stream().mapToDouble(Result::seconds).max().orElse(0));
    String kernel = first.shard() == null ? Kernels.host().name() : first.shard().kernel();
    if (!problems.isEmpty()) {
      return merged
          .withVerdict(Verdict.ERROR)
          .withMessage("kernel " + kernel + ": " + String.join("; ", problems))
          .withShard(ShardRecord.examples(Shard.WHOLE, kernel, null, List.of(), Map.of()));
    }
    Map<String, Long> labels = new TreeMap<>();
    for (Result r : byIndex.values())
      r.shard().labels().forEach((k, v) -> labels.merge(k, v, Long::sum));
    Result failing =
        byIndex.values().stream()
            .filter(r -> r.shard().failingExample() != null)
            .min(Comparator.comparingInt(r -> r.shard().failingExample()))
            .orElse(null);
    if (failing != null)
      return withFirstFailure(merged, failing, byIndex, kernel, labels, checkedKey, passedKey);
    Map<String, Long> sums = new LinkedHashMap<>();
    for (Result r : byIndex.values()) r.counts().forEach((k, v) -> sums.merge(k, v, Long::sum));
    for (Map.Entry<String, Long> c : sums.entrySet())
      merged = merged.withCount(c.getKey(), c.getValue());
    long checked = sums.getOrDefault(checkedKey, 0L);
    long discarded = sums.getOrDefault("discarded", 0L);
    merged = merged.withShard(ShardRecord.examples(Shard.WHOLE, kernel, null, List.of(), labels));
    Result notOk = byIndex.values().stream().filter(r -> !r.ok()).findFirst().orElse(null);
    if (notOk != null) {
      // a shard that gave up, erred, or (a known-bug variant) missed everywhere
      return merged
          .withVerdict(notOk.verdict())
          .withMessage("shard " + notOk.shard().shard() + ": " + notOk.message());
    }
    Result skipped =
        byIndex.values().stream()
            .filter(r -> r.verdict() == Verdict.SKIPPED)
            .findFirst()
            .orElse(null);
    if (skipped != null) {
      // a shard that could not run (no kernel there): the campaign's work was not all done
      return merged
          .withVerdict(Verdict.SKIPPED)
          .withMessage("shard " + skipped.shard().shard() + ": " + skipped.message());
    }
    String gaveUp =
        Runner.gaveUpReason(checked, discarded, RunConfig.defaults().maxDiscardFactor(), false);
    if (gaveUp != null) return merged.withVerdict(Verdict.GAVE_UP).withMessage(gaveUp);
    List<String> unmet =
        Statistics.unmet(labels, checked, requirements.apply(first.command(), first.name()));
    if (!unmet.isEmpty())
      return merged.withVerdict(Verdict.FAILED).withMessage(String.join("; ", unmet));
    return merged.withVerdict(Verdict.PASSED);
  }

  /**
   * The problems of a set of shards (another campaign's shard, another budget, a shard twice, a
   * missing shard); fills {@code byIndex} with the shards by their index.
   */
  private static List<String> shardProblems(
      List<Result> shards, int n, Map<Integer, Result> byIndex) {
    Result first = shards.get(0);
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
    return problems;
  }

  /**
   * The merge when a shard failed: the failure at the smallest example index across shards, with
   * the counts the unsharded run would have had when it stopped there.
   */
  private static Result withFirstFailure(
      Result merged,
      Result failing,
      Map<Integer, Result> byIndex,
      String kernel,
      Map<String, Long> labels,
      String checkedKey,
      String passedKey) {
    int f = failing.shard().failingExample();
    long checked = 0;
    long discarded = 0;
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
    return merged.withShard(ShardRecord.examples(Shard.WHOLE, kernel, f, discardedBelow, labels));
  }
}
