package mountcheck.model.umount;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The propagate_umount generations by their {@code --umount} names. Immutable; every algorithm is
 * stateless. The known-bug variants are registered in {@code
 * mountcheck.model.variants.KnownBugVariants}.
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

  private Generations() {}

  /** Generation names in historical order: naive, 2016, 2017, 2017-naive, 2025, ... */
  public static List<String> names() {
    return List.copyOf(GENERATIONS.keySet());
  }

  public static Optional<UmountAlgorithm> byName(String name) {
    return Optional.ofNullable(GENERATIONS.get(name));
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
