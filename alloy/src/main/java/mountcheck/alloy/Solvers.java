package mountcheck.alloy;

import java.util.List;
import kodkod.engine.satlab.SATFactory;

/**
 * The SAT solvers Alloy offers here. Probing them extracts native libraries, which is not
 * thread-safe (docs/architecture.md §6.2), so the first probe happens once, under a lock, before
 * any command runs.
 */
public final class Solvers {
  private static final Object LOCK = new Object();
  private static List<SATFactory> probed;

  private Solvers() {}

  /** All solvers usable on this machine, probing them on first use. */
  public static List<SATFactory> available() {
    synchronized (LOCK) {
      if (probed == null) {
        probed = List.copyOf(SATFactory.getSolvers());
      }
      return probed;
    }
  }

  /** The solver with this id, or an exception naming the ones that exist. */
  public static SATFactory byId(String id) {
    for (SATFactory f : available()) {
      if (f.id().equals(id)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "no usable SAT solver "
            + id
            + "; available: "
            + available().stream().map(SATFactory::id).toList());
  }
}
