package mountcheck.model.variants;

import mountcheck.model.rcu.Variant;
import mountcheck.model.semantics.PlantedBug;
import mountcheck.model.umount.UmountAlgorithm;

/** What a known-bug variant replaces: one umount generation, one model rule or one RCU design. */
public sealed interface SystemUnderTest {
  /** A short description for tables: "propagate_umount generation", ... */
  String kind();

  /** A wrong propagate_umount, compared plan against plan with a reference generation. */
  record UmountGeneration(UmountAlgorithm algorithm) implements SystemUnderTest {
    @Override
    public String kind() {
      return "propagate_umount generation";
    }
  }

  /** A rule of the model's semantics changed the way a kernel bug did. */
  record ModelRule(PlantedBug rule) implements SystemUnderTest {
    @Override
    public String kind() {
      return "model rule";
    }
  }

  /** An updater design of the lifetime model, explored against the lifetime properties. */
  record LifetimeDesign(Variant design) implements SystemUnderTest {
    @Override
    public String kind() {
      return "lifetime design";
    }
  }
}
