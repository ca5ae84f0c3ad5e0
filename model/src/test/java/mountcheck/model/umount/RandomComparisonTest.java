package mountcheck.model.umount;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import mountcheck.model.variants.KnownBugVariants;
import org.junit.jupiter.api.Test;

/**
 * Seeded random comparisons over a few thousand small overlapping graphs: optimized generations
 * against their naive twins, Viro2025 against the specification, and independence from the order of
 * child lists, peer rings, slave lists and U. Each known-bug variant must be caught.
 */
class RandomComparisonTest {
  static final int GRAPHS = 3000;

  interface Check {
    /** Null when fine, otherwise what differs. */
    String differs(RandomGraphs.Case c, Random rnd);
  }

  static String compare(UmountAlgorithm a, UmountAlgorithm b, MountGraph g, List<Integer> u) {
    UmountPlan pa = a.plan(g, u);
    UmountPlan pb = b.plan(g, u);
    Plans.assertWellFormed(pa, u);
    Plans.assertWellFormed(pb, u);
    if (Plans.same(pa, pb)) {
      return null;
    }
    return a.name() + ": " + Plans.describe(pa) + "\n" + b.name() + ": " + Plans.describe(pb);
  }

  /** Runs the check on GRAPHS graphs of up to maxMounts mounts; returns the first difference. */
  static String firstDifference(long seed, int maxMounts, Check check) {
    Random rnd = new Random(seed);
    for (int i = 0; i < GRAPHS; i++) {
      RandomGraphs.Case c = RandomGraphs.generate(rnd, maxMounts);
      String d = check.differs(c, rnd);
      if (d != null) {
        return "graph " + i + " (seed " + seed + "):" + c + "\n" + d;
      }
    }
    return null;
  }

  static void assertAgree(long seed, int maxMounts, Check check) {
    String d = firstDifference(seed, maxMounts, check);
    if (d != null) {
      fail(d);
    }
  }

  @Test
  void biederman2017EqualsItsUnoptimizedTwin() {
    assertAgree(
        17,
        24,
        (c, rnd) ->
            compare(Biederman2017.optimized(), Biederman2017.unoptimized(), c.graph(), c.u()));
  }

  @Test
  void viro2025EqualsItsNaiveTwin() {
    assertAgree(
        25,
        24,
        (c, rnd) -> compare(Viro2025.optimized(), Viro2025.naiveGathering(), c.graph(), c.u()));
  }

  @Test
  void viro2025EqualsTheSpecification() {
    assertAgree(
        2025, 12, (c, rnd) -> compare(Viro2025.optimized(), new MaximalSpec(), c.graph(), c.u()));
  }

  static Check orderIndependent(UmountAlgorithm a) {
    return (c, rnd) -> {
      PermutedGraph p = new PermutedGraph(c.graph(), rnd);
      UmountPlan original = a.plan(c.graph(), c.u());
      List<Integer> u = new ArrayList<>();
      TestGraph.collect(p, c.u().get(0), u);
      UmountPlan permuted = a.plan(p, u);
      return Plans.same(original, permuted)
          ? null
          : "as built: " + Plans.describe(original) + "\npermuted: " + Plans.describe(permuted);
    };
  }

  @Test
  void viro2025DoesNotDependOnOrder() {
    assertAgree(7, 24, orderIndependent(Viro2025.optimized()));
  }

  @Test
  void specificationDoesNotDependOnOrder() {
    assertAgree(8, 12, orderIndependent(new MaximalSpec()));
  }

  @Test
  void biederman2017DoesNotDependOnOrder() {
    assertAgree(9, 24, orderIndependent(Biederman2017.optimized()));
  }

  @Test
  void naiveGenerationsDoNotDependOnOrder() {
    assertAgree(10, 24, orderIndependent(new Naive2005()));
    assertAgree(11, 24, orderIndependent(Biederman2017.unoptimized()));
    assertAgree(12, 24, orderIndependent(Viro2025.naiveGathering()));
  }

  @Test
  void everyKnownBugVariantIsCaughtByItsReference() {
    UmountAlgorithm spec = new MaximalSpec();
    for (String name : KnownBugVariants.umountNames()) {
      UmountAlgorithm variant = KnownBugVariants.umountAlgorithm(name).orElseThrow();
      UmountAlgorithm reference =
          name.equals("skip-without-visited") ? Biederman2017.unoptimized() : spec;
      String d = firstDifference(3, 12, (c, rnd) -> compare(variant, reference, c.graph(), c.u()));
      assertTrue(d != null, name + " was not told apart from " + reference.name());
    }
  }
}
