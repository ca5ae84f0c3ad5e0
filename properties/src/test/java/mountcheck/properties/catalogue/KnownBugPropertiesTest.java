package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import mountcheck.engine.RunConfig;
import mountcheck.engine.Runner;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.variants.KnownBugVariant;
import mountcheck.model.variants.KnownBugVariants;
import mountcheck.properties.counterexample.CounterexampleReader;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;

/**
 * Each known-bug variant is still caught within its default budget, shrunk to at most 12 commands,
 * and written as a counterexample file that names the variant and fails again when replayed.
 */
@Order(3)
class KnownBugPropertiesTest {
  static final Path OUT = Path.of("target", "counterexamples", "variants");

  @TestFactory
  Stream<DynamicTest> everyKnownBugVariantIsFoundAndShrunk() {
    assertEquals(
        KnownBugVariants.onScenarios().stream().map(KnownBugVariant::name).toList(),
        KnownBugProperties.names(),
        "every variant of the registry that runs on scenarios has a property");
    for (KnownBugVariant v : KnownBugVariants.all()) {
      assertEquals(
          v.checkedOnScenarios(), KnownBugProperties.property(v.name()).isPresent(), v.name());
      KnownBugProperties.property(v.name()).ifPresent(p -> assertEquals(v.caughtBy(), p.name()));
    }
    return KnownBugProperties.names().stream()
        .map(name -> DynamicTest.dynamicTest(name, () -> caught(name)));
  }

  private static void caught(String name) {
    var p = KnownBugProperties.property(name).orElseThrow();
    // the variant is meant to fail: keep the engine's report out of the log, the assertions say it
    RunConfig config =
        RunConfig.defaults()
            .withSeed(CatalogueTest.SEED)
            .withTries(p.tries())
            .withTimeLimit(p.timeLimit())
            .withLog(line -> {});
    CatalogueRunner.Result r = CatalogueRunner.run(p, config, OUT, name, null);
    assertFalse(r.ok(), name + " was not caught: " + r.report().summary());
    assertTrue(
        r.shrunkCommands() <= 12, name + " shrank only to " + r.shrunkCommands() + " commands");
    assertNotNull(r.counterexample());
    assertTrue(Files.exists(r.counterexample()));
    assertEquals(name, CounterexampleReader.readHeader(r.counterexample()).variant());
    var stored =
        CounterexampleReader.read(
            r.counterexample(), body -> ScenarioParser.parse(r.counterexample().toString(), body));
    assertTrue(
        Runner.check(p, stored.scenario()).failed(),
        "the written file does not fail " + p.name() + " again");
  }
}
