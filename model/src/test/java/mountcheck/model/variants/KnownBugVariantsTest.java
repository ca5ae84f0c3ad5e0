package mountcheck.model.variants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.semantics.PlantedBug;
import mountcheck.model.umount.Generations;
import mountcheck.model.variants.SystemUnderTest.ModelRule;
import mountcheck.model.variants.SystemUnderTest.UmountGeneration;
import org.junit.jupiter.api.Test;

class KnownBugVariantsTest {
  @Test
  void namesAreUniqueAndResolve() {
    Set<String> seen = new HashSet<>();
    for (KnownBugVariant v : KnownBugVariants.all()) {
      assertTrue(seen.add(v.name()), "registered twice: " + v.name());
      assertEquals(v, KnownBugVariants.byName(v.name()).orElseThrow());
      assertFalse(v.source().isBlank(), v.name() + " names no source");
    }
    assertTrue(KnownBugVariants.byName("2025").isEmpty(), "a generation is not a variant");
  }

  @Test
  void everyPlantedModelRuleIsRegisteredOnce() {
    List<PlantedBug> rules =
        KnownBugVariants.all().stream()
            .filter(v -> v.system() instanceof ModelRule)
            .map(v -> ((ModelRule) v.system()).rule())
            .collect(Collectors.toList());
    assertEquals(Set.of(PlantedBug.values()), Set.copyOf(rules));
    assertEquals(PlantedBug.values().length, rules.size());
  }

  @Test
  void everyLifetimeDesignButTheKernelsOwnIsRegisteredWithoutAnEditHere() {
    Set<String> designs =
        KnownBugVariants.all().stream()
            .filter(v -> v.system() instanceof SystemUnderTest.Lifetime)
            .map(KnownBugVariant::name)
            .collect(Collectors.toSet());
    Set<String> expected =
        LifetimeDesign.ALL.stream()
            .map(LifetimeDesign::name)
            .collect(Collectors.toCollection(HashSet::new));
    expected.remove("mainline");
    expected.remove("linux-6.12"); // 6.12's own design, no known bug
    assertEquals(expected, designs);
    for (KnownBugVariant v : KnownBugVariants.all()) {
      if (v.system() instanceof SystemUnderTest.Lifetime) {
        assertEquals("mainline", v.reference());
        assertFalse(v.checkedOnScenarios());
      }
    }
  }

  @Test
  void umountVariantsAreAlgorithmsOfTheirNameComparedWithAGeneration() {
    assertEquals(
        List.of("skip-without-visited", "umount-2016", "umount-2017", "reparent-all-overmounts"),
        KnownBugVariants.umountNames());
    for (KnownBugVariant v : KnownBugVariants.onScenarios()) {
      assertTrue(v.checkedOnScenarios());
      assertEquals("variant-" + v.name(), v.caughtBy());
      if (v.system() instanceof UmountGeneration g) {
        assertEquals(v.name(), g.algorithm().name());
        assertEquals(v.name(), KnownBugVariants.umountAlgorithm(v.name()).orElseThrow().name());
        assertTrue(Generations.byName(v.reference()).isPresent(), v.reference());
      } else {
        assertEquals(KnownBugVariants.UNMODIFIED_MODEL, v.reference());
      }
    }
    assertEquals("2017-naive", KnownBugVariants.byName("skip-without-visited").get().reference());
    assertTrue(KnownBugVariants.umountAlgorithm("propagate-invisible").isEmpty());
  }
}
