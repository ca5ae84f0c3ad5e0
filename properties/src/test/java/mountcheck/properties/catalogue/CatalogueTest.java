package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;
import mountcheck.engine.Property;
import mountcheck.engine.RunConfig;
import mountcheck.model.ops.Scenario;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;

/**
 * Every catalogue property at its CI budget. The seed is fixed so CI is reproducible; set
 * -Dmountcheck.seed=N to explore others (every run prints the seed it used). A failure writes its
 * shrunk scenario under target/counterexamples/.
 */
@Order(2)
class CatalogueTest {
  static final long SEED = Long.getLong("mountcheck.seed", 20261130L);
  static final Path OUT = Path.of("target", "counterexamples");

  @TestFactory
  Stream<DynamicTest> everyCataloguePropertyHolds() {
    return Catalogue.properties().stream()
        .map(p -> DynamicTest.dynamicTest(p.name(), () -> check(p)));
  }

  private static void check(Property<Scenario> p) {
    RunConfig config =
        RunConfig.defaults().withSeed(SEED).withTries(p.tries()).withTimeLimit(p.timeLimit());
    CatalogueRunner.Result r = CatalogueRunner.run(p, config, OUT, null, System.err::println);
    assertTrue(
        r.ok(),
        r.report().summary()
            + (r.counterexample() == null ? "" : "\ncounterexample: " + r.counterexample()));
  }
}
