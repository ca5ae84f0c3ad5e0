package mountcheck.model.umount;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The propagate_umount generations by their {@code --umount} names, and the known-bug variants by
 * their {@code --variant} names. Immutable; every algorithm is stateless.
 */
public final class Generations {
  /** The generation of Linux 6.17 and later, the default. */
  public static final String DEFAULT = "2025";

  private static final Map<String, UmountAlgorithm> GENERATIONS =
      index(
          new Naive2005(),
          new Lock2016(),
          Biederman2017.optimized(),
          Biederman2017.unoptimized(),
          Viro2025.optimized(),
          Viro2025.naiveGathering(),
          new MaximalSpec());

  private static final Map<String, UmountAlgorithm> VARIANTS =
      index(
          Biederman2017.skipWithoutVisitedCheck(),
          new Lock2016("umount-2016"),
          Biederman2017.optimized().renamed("umount-2017"),
          Viro2025.reparentAllOvermounts());

  private Generations() {}

  /** Generation names in historical order: naive, 2016, 2017, 2017-naive, 2025, ... */
  public static List<String> names() {
    return List.copyOf(GENERATIONS.keySet());
  }

  public static Optional<UmountAlgorithm> byName(String name) {
    return Optional.ofNullable(GENERATIONS.get(name));
  }

  /** Known-bug variant names: skip-without-visited, umount-2016, umount-2017, ... */
  public static List<String> variantNames() {
    return List.copyOf(VARIANTS.keySet());
  }

  public static Optional<UmountAlgorithm> variant(String name) {
    return Optional.ofNullable(VARIANTS.get(name));
  }

  /** The optimized generation's naive twin, when it has one (2017 and 2025). */
  public static Optional<UmountAlgorithm> naiveTwin(String name) {
    return byName(name + "-naive");
  }

  private static Map<String, UmountAlgorithm> index(UmountAlgorithm... algorithms) {
    Map<String, UmountAlgorithm> map = new LinkedHashMap<>();
    for (UmountAlgorithm a : algorithms) {
      map.put(a.name(), a);
    }
    return Collections.unmodifiableMap(map);
  }
}
