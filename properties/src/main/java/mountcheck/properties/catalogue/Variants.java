package mountcheck.properties.catalogue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ModelVariant;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.Invariants;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.properties.engine.Property;
import mountcheck.properties.engine.Verdict;

/**
 * The known-bug variants as systems under test. Each one's property says the variant behaves
 * like the unmodified model (or, for propagate_umount, like its reference generation); the
 * variant is caught when the property fails. How fast and how small is the measure of the
 * verifier's power.
 */
public final class Variants {
  private Variants() {}

  /** Every variant name: propagate_umount bugs first, then bugs planted in the semantics. */
  public static List<String> names() {
    List<String> out = new ArrayList<>(Generations.variantNames());
    for (ModelVariant v : ModelVariant.values()) out.add(v.variantName());
    return out;
  }

  public static Optional<Property<Scenario>> property(String name) {
    Optional<UmountAlgorithm> umount = Generations.variant(name);
    if (umount.isPresent()) return Optional.of(umountVariant(name, umount.get()));
    return ModelVariant.byName(name).map(Variants::modelVariant);
  }

  /** The reference a propagate_umount variant is checked against. */
  static String referenceOf(String variant) {
    // the 2017 skip without its visited check is a bug of the 2017 walk, so 2017's own naive
    // twin is the reference; the others are measured against the 2025 rule
    return variant.equals("skip-without-visited") ? "2017-naive" : "2025";
  }

  private static Property<Scenario> umountVariant(String name, UmountAlgorithm variant) {
    String referenceName = referenceOf(name);
    UmountAlgorithm reference = Generations.byName(referenceName).orElseThrow();
    return Catalogue.property(
            "variant-" + name,
            "the known-bug variant " + name + " takes the same victims and makes the same reparents as " + referenceName,
            (s, labels) -> Catalogue.compareAtEachUmount(s, labels, name, variant, referenceName, reference),
            20_000,
            30)
        .withTimeLimit(Duration.ofSeconds(30));
  }

  private static Property<Scenario> modelVariant(ModelVariant v) {
    return Catalogue.property(
            "variant-" + v.variantName(),
            "the model with the known bug " + v.variantName() + " gives the same answer as the unmodified model and keeps the state invariants",
            (s, labels) -> {
              ScenarioRunner.Run reference = new ScenarioRunner(Model.linux()).run(s, Catalogue.smallInitial());
              Model buggy = Model.linux().withVariant(v);
              ScenarioRunner.Run planted = new ScenarioRunner(buggy).run(s, Catalogue.smallInitial());
              String d = Answers.difference(v.variantName(), planted, "model", reference);
              if (d != null) return Verdict.fail(d);
              List<Invariants.Violation> broken = Invariants.check(planted.state());
              return broken.isEmpty() ? Verdict.pass() : Verdict.fail("invariants broken: " + broken);
            },
            20_000,
            30);
  }
}
