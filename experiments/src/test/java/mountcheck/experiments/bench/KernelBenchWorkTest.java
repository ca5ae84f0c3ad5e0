package mountcheck.experiments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mountcheck.engine.Shard;
import mountcheck.model.kernels.Kernels;
import org.junit.jupiter.api.Test;

/** The partition of bench kernels' work (kernel x experiment) into shards. */
class KernelBenchWorkTest {
  private static final List<String> KERNELS = List.of("host", "5.10", "6.1", "6.12", "7.2");
  private static final List<String> SEEDS = List.of("000", "002", "001", "003");

  @Test
  void theShardsTogetherRunEveryItemOnceInTheUnshardedOrder() {
    for (List<String> seeds : List.of(SEEDS, List.of("003", "000"), List.of("001"))) {
      KernelBenchWork work = new KernelBenchWork(KERNELS, seeds);
      List<KernelBenchWork.Item> whole = work.items();
      assertEquals(KERNELS.size() * seeds.size(), whole.size());
      for (int n = 1; n <= whole.size() + 3; n++) {
        List<KernelBenchWork.Item> union = new ArrayList<>();
        for (int i = 0; i < n; i++) union.addAll(work.owned(new Shard(i, n)));
        // concatenated in shard order the blocks are the unsharded list: no gap, no overlap
        assertEquals(whole, union, seeds + ", " + n + " shards");
      }
    }
  }

  @Test
  void fourShardsOfFiveKernelsAndFourExperimentsByHand() {
    KernelBenchWork work = new KernelBenchWork(KERNELS, List.of("003", "001", "002", "000"));
    // the experiments follow the run order 000, 002, 001, 003 whatever order they were asked in
    assertEquals(SEEDS, work.seeds());
    assertEquals(
        Map.of("host", SEEDS, "5.10", List.of("000")), work.seedsByKernel(new Shard(0, 4)));
    assertEquals(List.of("5.10", "6.1"), List.copyOf(work.seedsByKernel(new Shard(1, 4)).keySet()));
    assertEquals(List.of("002", "001", "003"), work.seedsByKernel(new Shard(1, 4)).get("5.10"));
    assertEquals(List.of("000", "002"), work.seedsByKernel(new Shard(1, 4)).get("6.1"));
    assertEquals(Map.of("7.2", SEEDS), work.seedsByKernel(new Shard(4, 5)));
    assertEquals(9, work.indexOf("6.1", "002"));
    // the four shards boot 7 guests (each guest kernel of a shard once), the unsharded run 4
    int guests = 0;
    for (int i = 0; i < 4; i++)
      guests +=
          (int)
              work.seedsByKernel(new Shard(i, 4)).keySet().stream()
                  .filter(k -> !k.equals(Kernels.HOST.name()))
                  .count();
    assertEquals(7, guests);
  }

  @Test
  void moreShardsThanItemsLeaveSomeShardsEmpty() {
    KernelBenchWork work = new KernelBenchWork(List.of("host"), List.of("001"));
    Set<Integer> busy = new HashSet<>();
    for (int i = 0; i < 3; i++) if (!work.owned(new Shard(i, 3)).isEmpty()) busy.add(i);
    assertEquals(Set.of(2), busy);
    assertTrue(work.seedsByKernel(new Shard(0, 3)).isEmpty());
  }
}
