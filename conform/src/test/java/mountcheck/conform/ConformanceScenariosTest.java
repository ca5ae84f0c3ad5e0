package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import mountcheck.engine.Gen;
import mountcheck.engine.Shard;
import mountcheck.engine.Source;
import mountcheck.model.ops.Scenario;
import mountcheck.properties.generators.MountApiFeatures;
import org.junit.jupiter.api.Test;

/**
 * The conformance campaigns draw the operations container runtimes use (per-mount attributes, the
 * fd-based mount API, root changes) in at least a third of their scenarios, and the fd-based API
 * alone in at least a third (the goal the issue sets for {@code conform --runs 500}), on a guest
 * (the matrix's list) and on the host (the property's generator), with and without live namespaces.
 */
class ConformanceScenariosTest {
  private static final int COUNT = 300;
  private static final long SEED = 20261205;

  @Test
  void theGuestCampaignDrawsTheMountApiInAThirdOfItsScenarios() {
    assertShares("guest", MatrixConformance.generate(SEED, COUNT, Shard.WHOLE, false));
  }

  @Test
  void theGuestCampaignWithLiveNamespacesDrawsTheMountApiInAThirdOfItsScenarios() {
    assertShares("guest, live", MatrixConformance.generate(SEED, COUNT, Shard.WHOLE, true));
  }

  @Test
  void theHostCampaignDrawsTheMountApiInAThirdOfItsScenarios() {
    assertShares("host", draw(KernelConformance.scenarios()));
  }

  private static List<Scenario> draw(Gen<Scenario> gen) {
    List<Scenario> out = new ArrayList<>();
    for (long s = SEED; out.size() < COUNT; s++) {
      try {
        out.add(gen.generate(Source.random(s, 40)));
      } catch (RuntimeException overrun) {
        // the choice budget ran out: not a valid draw, as in the campaigns
      }
    }
    return out;
  }

  private static void assertShares(String what, List<Scenario> scenarios) {
    int any = 0;
    int fd = 0;
    for (Scenario s : scenarios) {
      Set<MountApiFeatures> used = MountApiFeatures.of(s);
      if (!used.isEmpty()) any++;
      if (used.contains(MountApiFeatures.FD_API)) fd++;
    }
    String summary = what + ": " + MountApiFeatures.summary(scenarios);
    System.out.println(summary);
    assertTrue(3 * any >= scenarios.size(), summary);
    assertTrue(3 * fd >= scenarios.size(), summary);
  }
}
