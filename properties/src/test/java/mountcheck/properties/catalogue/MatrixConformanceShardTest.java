package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.kernel.KernelRequirement;
import mountcheck.kernel.KernelRunner;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.properties.engine.Shard;
import org.junit.jupiter.api.Test;

/**
 * Shards of a guest-kernel campaign ({@code conform --kernel K --shard I/N}): the N shards of one
 * seed hold each generated scenario of the unsharded campaign exactly once, and their reports add
 * up to the unsharded report.
 */
class MatrixConformanceShardTest {
  private static final long SEED = 20261130L;
  private static final int N = 4;

  private static List<String> names(List<Scenario> scenarios) {
    List<String> out = new ArrayList<>();
    for (Scenario s : scenarios) out.add(s.name());
    return out;
  }

  @Test
  void fourShardsHoldEveryScenarioOfTheWholeCampaignOnce() {
    List<String> whole = names(MatrixConformance.generate(SEED, 10));
    assertEquals(10, whole.size());
    List<List<String>> shards = new ArrayList<>();
    for (int i = 0; i < N; i++)
      shards.add(names(MatrixConformance.generate(SEED, 10, new Shard(i, N))));
    // 10 scenarios over 4 shards: indices 0,4,8 | 1,5,9 | 2,6 | 3,7
    assertEquals(List.of(3, 3, 2, 2), shards.stream().map(List::size).toList());
    assertEquals(List.of(whole.get(0), whole.get(4), whole.get(8)), shards.get(0));
    assertEquals(List.of(whole.get(3), whole.get(7)), shards.get(3));
    Set<String> union = new HashSet<>();
    for (List<String> s : shards) for (String name : s) assertTrue(union.add(name), name);
    assertEquals(new HashSet<>(whole), union);
    assertEquals(whole, names(MatrixConformance.generate(SEED, 10, Shard.WHOLE)));
  }

  @Test
  void theShardsReportsAddUpToTheWholeCampaignOnTheHostKernel() throws Exception {
    assumeTrue(
        KernelRequirement.usable("sharded matrix conformance"),
        KernelRequirement.skipMessage("sharded matrix conformance"));
    KernelRunner host = new KernelRunner(Duration.ofSeconds(20));
    KernelProfile profile = Kernels.host().profile();
    List<Scenario> all = MatrixConformance.generate(SEED, 8);
    MatrixConformance.Report whole =
        MatrixConformance.run(host, profile, all, Duration.ofSeconds(1), null, line -> {});
    int compared = 0;
    int agreed = 0;
    List<String> disagreements = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      List<Scenario> part = MatrixConformance.generate(SEED, 8, new Shard(i, N));
      assertEquals(2, part.size());
      MatrixConformance.Report r =
          MatrixConformance.run(host, profile, part, Duration.ofSeconds(1), null, line -> {});
      compared += r.compared();
      agreed += r.agreed();
      disagreements.addAll(r.disagreements());
    }
    assertEquals(8, whole.compared());
    assertEquals(whole.compared(), compared);
    assertEquals(whole.agreed(), agreed);
    assertEquals(new HashSet<>(whole.disagreements()), new HashSet<>(disagreements));
  }
}
