package mountcheck.properties.catalogue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import mountcheck.engine.Property;
import mountcheck.engine.Verdict;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.PlantedBug;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.Invariants;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.variants.KnownBugVariant;
import mountcheck.model.variants.KnownBugVariants;
import mountcheck.model.variants.SystemUnderTest.ModelRule;
import mountcheck.model.variants.SystemUnderTest.UmountGeneration;

/**
 * The properties that catch the known-bug variants checked on scenarios (the registry is {@link
 * KnownBugVariants}). Each says the variant behaves like its reference: the reference generation
 * for a wrong propagate_umount, the unmodified model for a wrong model rule. The variant is caught
 * when the property fails; how fast and how small is the measure of the verifier's power.
 */
public final class KnownBugProperties {
  private KnownBugProperties() {}

  /** The names {@code mountcheck check --variant} accepts, in registry order. */
  public static List<String> names() {
    return KnownBugVariants.onScenarios().stream().map(KnownBugVariant::name).toList();
  }

  /** The property that catches the variant, when it is checked on scenarios. */
  public static Optional<Property<Scenario>> property(String name) {
    return KnownBugVariants.byName(name)
        .filter(KnownBugVariant::checkedOnScenarios)
        .map(KnownBugProperties::property);
  }

  static Property<Scenario> property(KnownBugVariant v) {
    if (v.system() instanceof UmountGeneration g) return umountVariant(v, g.algorithm());
    if (v.system() instanceof ModelRule r) return modelVariant(v, r.rule());
    throw new IllegalArgumentException(v.name() + " is not checked on scenarios");
  }

  private static Property<Scenario> umountVariant(KnownBugVariant v, UmountAlgorithm variant) {
    String referenceName = v.reference();
    UmountAlgorithm reference = Generations.byName(referenceName).orElseThrow();
    return Catalogue.singleChainProperty(
            v.caughtBy(),
            "the known-bug variant "
                + v.name()
                + " takes the same victims and makes the same reparents as "
                + referenceName,
            (s, labels) ->
                Catalogue.compareAtEachUmount(
                    Model.linux(), s, labels, v.name(), variant, referenceName, reference),
            20_000,
            30)
        .withTimeLimit(Duration.ofSeconds(30));
  }

  private static Property<Scenario> modelVariant(KnownBugVariant v, PlantedBug rule) {
    return Catalogue.singleChainProperty(
        v.caughtBy(),
        "the model with the known bug "
            + v.name()
            + " gives the same answer as the unmodified model and keeps the state invariants",
        (s, labels) -> {
          ScenarioRunner.Run reference =
              new ScenarioRunner(Model.linux()).run(s, Catalogue.smallInitial());
          Model buggy = Model.linux().withPlantedBug(rule);
          ScenarioRunner.Run planted = new ScenarioRunner(buggy).run(s, Catalogue.smallInitial());
          String d = Answers.difference(v.name(), planted, "model", reference);
          if (d != null) return Verdict.fail(d);
          List<Invariants.Violation> broken = Invariants.check(planted.state());
          return broken.isEmpty() ? Verdict.pass() : Verdict.fail("invariants broken: " + broken);
        },
        20_000,
        30);
  }
}
