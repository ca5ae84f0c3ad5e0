package mountcheck.model.variants;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.semantics.PlantedBug;
import mountcheck.model.umount.Biederman2017;
import mountcheck.model.umount.Lock2016;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.umount.Viro2025;
import mountcheck.model.variants.SystemUnderTest.ModelRule;
import mountcheck.model.variants.SystemUnderTest.UmountGeneration;

/**
 * The registry of known-bug variants: the CLI ({@code check --variant}, {@code run --umount}), the
 * tests and docs/invariants.md's generated table read it. The lifetime designs come from {@link
 * LifetimeDesign#ALL}, so a new design there is registered without an edit here. How to add a
 * variant: docs/contributing.md §3.
 */
public final class KnownBugVariants {
  /** What a lifetime design is checked against: every property of the lifetime catalogue. */
  public static final String LIFETIME_PROPERTIES = "the lifetime properties (check rcu)";

  /** The reference of the scenario-checked model rules. */
  public static final String UNMODIFIED_MODEL = "the unmodified model";

  private static final List<KnownBugVariant> ON_SCENARIOS =
      List.of(
          umount(
              Biederman2017.skipWithoutVisitedCheck(),
              "2017-naive",
              "the 2017 walk's skip over a receiver's slaves without its visited check"
                  + " (296990deb389 remembers visits)"),
          umount(
              new Lock2016("umount-2016"),
              "2025",
              "the 4.5-4.10 rule, which ignores toppers, on a kernel that tucks (1064f874abc0)"),
          umount(
              Biederman2017.optimized().renamed("umount-2017"),
              "2025",
              "Al Viro, \"[BUG] propagate_umount() breakage\", 2025-05-11; fixed by f0d0ba19985d"),
          umount(
              Viro2025.reparentAllOvermounts(),
              "2025",
              "6.17-rc1 reparenting every overmount; fixed by da025cdb97a2"),
          rule(
              "propagate-invisible",
              PlantedBug.PROPAGATE_INVISIBLE,
              "propagate_mnt copying where the mountpoint is not visible (before f2ebb3a921c1)"),
          rule(
              "make-slave-keeps-slaves",
              PlantedBug.MAKE_SLAVE_KEEPS_SLAVES,
              "change_mnt_propagation without handing the slaves on to the new master"));

  private KnownBugVariants() {}

  /** Every variant: those checked on scenarios first, then the lifetime designs. */
  public static List<KnownBugVariant> all() {
    List<KnownBugVariant> out = new ArrayList<>(ON_SCENARIOS);
    for (LifetimeDesign v : LifetimeDesign.ALL) {
      // the designs of today's kernels, the model's references, are no known bugs
      if (v.equals(LifetimeDesign.MAINLINE) || v.equals(LifetimeDesign.LINUX_6_12)) continue;
      out.add(
          new KnownBugVariant(
              v.name(),
              new SystemUnderTest.Lifetime(v),
              LifetimeDesign.MAINLINE.name(),
              LIFETIME_PROPERTIES,
              v.models()));
    }
    return List.copyOf(out);
  }

  /** The variants {@code mountcheck check --variant NAME} runs on generated scenarios. */
  public static List<KnownBugVariant> onScenarios() {
    return ON_SCENARIOS;
  }

  public static Optional<KnownBugVariant> byName(String name) {
    return all().stream().filter(v -> v.name().equals(name)).findFirst();
  }

  /** The wrong propagate_umount of that name, for {@code --umount NAME}. */
  public static Optional<UmountAlgorithm> umountAlgorithm(String name) {
    return byName(name)
        .map(KnownBugVariant::system)
        .filter(UmountGeneration.class::isInstance)
        .map(s -> ((UmountGeneration) s).algorithm());
  }

  /** Names of the wrong propagate_umount generations. */
  public static List<String> umountNames() {
    return ON_SCENARIOS.stream()
        .filter(v -> v.system() instanceof UmountGeneration)
        .map(KnownBugVariant::name)
        .toList();
  }

  private static KnownBugVariant umount(UmountAlgorithm a, String reference, String source) {
    return new KnownBugVariant(
        a.name(), new UmountGeneration(a), reference, "variant-" + a.name(), source);
  }

  private static KnownBugVariant rule(String name, PlantedBug rule, String source) {
    return new KnownBugVariant(
        name, new ModelRule(rule), UNMODIFIED_MODEL, "variant-" + name, source);
  }
}
