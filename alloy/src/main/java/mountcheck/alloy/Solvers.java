package mountcheck.alloy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
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
        Set<Path> before = probeLeftovers();
        probed = List.copyOf(SATFactory.getSolvers());
        // probing an external solver (plingeling) leaves an empty alloy-*.cnf in java.io.tmpdir
        for (Path p : probeLeftovers()) {
          if (!before.contains(p)) {
            try {
              if (Files.size(p) == 0) Files.delete(p);
            } catch (IOException e) {
              // not ours to worry about: another process may have removed it
            }
          }
        }
      }
      return probed;
    }
  }

  private static Set<Path> probeLeftovers() {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    try (var files = Files.list(tmp)) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("alloy-"))
          .filter(p -> p.getFileName().toString().endsWith(".cnf"))
          .collect(Collectors.toSet());
    } catch (IOException e) {
      return Set.of();
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
