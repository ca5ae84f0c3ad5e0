package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.engine.Shard;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The guest campaign of {@code conform --kernel K --live-namespaces}: every scenario keeps a
 * namespace alive on a file and acts in it, while the default guest campaign draws none of them.
 */
class MatrixLiveNamespacesTest {
  private static final long SEED = 20261201L;

  private static boolean has(Scenario s, Class<? extends Operation> kind) {
    return s.operations().stream().anyMatch(kind::isInstance);
  }

  private static boolean keepsNamespacesAlive(Scenario s) {
    return has(s, PersistNamespace.class);
  }

  @Test
  void everyLiveNamespaceScenarioPersistsANamespaceAndManyActInItOrHoldReferences() {
    List<Scenario> live = MatrixConformance.generate(SEED, 40, Shard.WHOLE, true);
    assertEquals(40, live.size());
    List<String> without =
        live.stream().filter(s -> !keepsNamespacesAlive(s)).map(Scenario::name).toList();
    assertEquals(List.of(), without);
    long entered = live.stream().filter(s -> has(s, Nsenter.class)).count();
    long held = live.stream().filter(s -> has(s, HoldFile.class)).count();
    assertTrue(entered >= 10, "scenarios with nsenter: " + entered);
    assertTrue(held >= 5, "scenarios that hold a file: " + held);
  }

  @Test
  void theDefaultGuestCampaignKeepsToOneChainOfNamespaces() {
    List<Scenario> plain = MatrixConformance.generate(SEED, 40);
    assertEquals(40, plain.size());
    assertTrue(plain.stream().noneMatch(MatrixLiveNamespacesTest::keepsNamespacesAlive));
  }

  @Test
  void shardsOfTheLiveCampaignPartitionIt() {
    List<Scenario> whole = MatrixConformance.generate(SEED, 12, Shard.WHOLE, true);
    List<Scenario> first = MatrixConformance.generate(SEED, 12, new Shard(0, 2), true);
    List<Scenario> second = MatrixConformance.generate(SEED, 12, new Shard(1, 2), true);
    assertEquals(6, first.size());
    assertEquals(6, second.size());
    for (int i = 0; i < whole.size(); i++)
      assertEquals(whole.get(i), (i % 2 == 0 ? first : second).get(i / 2));
  }
}
