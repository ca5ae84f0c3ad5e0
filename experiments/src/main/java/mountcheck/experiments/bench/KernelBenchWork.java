package mountcheck.experiments.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mountcheck.engine.Shard;
import mountcheck.experiments.seeds.SeedBenchPlan;

/**
 * The work of {@code bench kernels} as a list of items: every kernel (in the order given) times
 * every experiment (in the order they run, {@link SeedBenchPlan#ALL_SEEDS}), kernel-major. A shard
 * {@code I/N} runs one contiguous block of the list ({@link Shard#blockStart}), so that a guest
 * kernel's experiments stay in as few boots as possible: with 5 kernels x 4 experiments, 4 shards
 * boot 7 guests where the unsharded run boots 4, and 5 shards boot one kernel each.
 *
 * @param kernels the kernels, in order, each once
 * @param seeds the experiments asked for (any order; the list follows the run order)
 */
public record KernelBenchWork(List<String> kernels, List<String> seeds) {
  /** Work item {@code index}: experiment {@code seed} on {@code kernel}. */
  public record Item(int index, String kernel, String seed) {}

  public KernelBenchWork {
    kernels = List.copyOf(kernels);
    seeds = SeedBenchPlan.ALL_SEEDS.stream().filter(seeds::contains).toList();
  }

  /** Every item of the unsharded run, in order. */
  public List<Item> items() {
    List<Item> out = new ArrayList<>();
    for (String k : kernels) for (String s : seeds) out.add(new Item(out.size(), k, s));
    return out;
  }

  /** The items shard {@code shard} runs, in order. */
  public List<Item> owned(Shard shard) {
    List<Item> all = items();
    return all.subList((int) shard.blockStart(all.size()), (int) shard.blockEnd(all.size()));
  }

  /**
   * The experiments shard {@code shard} runs on each kernel, in order; kernels it has nothing to
   * run on are left out (they are not booted).
   */
  public Map<String, List<String>> seedsByKernel(Shard shard) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Item i : owned(shard))
      out.computeIfAbsent(i.kernel(), k -> new ArrayList<>()).add(i.seed());
    return out;
  }

  /** The index of experiment {@code seed} on {@code kernel} in the list. */
  public int indexOf(String kernel, String seed) {
    int k = kernels.indexOf(kernel);
    int s = seeds.indexOf(seed);
    if (k < 0 || s < 0)
      throw new IllegalArgumentException(kernel + " seed " + seed + ": no such item");
    return k * seeds.size() + s;
  }
}
