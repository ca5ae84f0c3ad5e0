package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.PlantedBug;
import mountcheck.properties.engine.Outcome;
import mountcheck.properties.engine.Property;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.engine.RunReport;
import mountcheck.properties.engine.Runner;
import org.junit.jupiter.api.Test;

/**
 * The catalogue on a chosen model ({@code check --kernel K}): the properties are the same, and they
 * look at the states that model builds.
 */
class CatalogueOnKernelTest {
  private static final RunConfig CONFIG =
      RunConfig.defaults()
          .withSeed(20261130L)
          .withTries(300)
          .withTimeLimit(Duration.ofMinutes(2))
          .withLog(line -> {});

  private static List<String> names(List<Property<Scenario>> ps) {
    return ps.stream().map(Property::name).toList();
  }

  @Test
  void everyKernelHasTheSameCatalogue() {
    List<String> host = names(Catalogue.properties());
    for (String k : Kernels.names())
      assertEquals(
          host,
          names(Catalogue.properties(Model.forKernel(Kernels.byName(k).orElseThrow().profile()))),
          k);
  }

  @Test
  void thePropertiesSeeTheStatesOfTheModelTheyAreGiven() {
    // the same search, once on the model and once on the model with a planted bug: only the
    // second may fail, so the property ran on the model it was given
    Property<Scenario> onModel = Catalogue.byName("state-invariants", Model.linux()).orElseThrow();
    Property<Scenario> onBuggy =
        Catalogue.byName(
                "state-invariants",
                Model.linux().withPlantedBug(PlantedBug.MAKE_SLAVE_KEEPS_SLAVES))
            .orElseThrow();
    RunReport<Scenario> good = Runner.run(onModel, CONFIG);
    RunReport<Scenario> bad = Runner.run(onBuggy, CONFIG);
    assertEquals(Outcome.PASSED, good.outcome(), good.summary());
    assertTrue(bad.failure() != null, bad.summary());
  }

  @Test
  void theOlderKernelsModelsKeepTheInvariants() {
    for (String k : List.of("5.10", "6.1", "7.2")) {
      Property<Scenario> p =
          Catalogue.byName(
                  "state-invariants", Model.forKernel(Kernels.byName(k).orElseThrow().profile()))
              .orElseThrow();
      RunReport<Scenario> r = Runner.run(p, CONFIG);
      assertEquals(Outcome.PASSED, r.outcome(), k + ": " + r.summary());
    }
  }
}
