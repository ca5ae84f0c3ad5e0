package mountcheck.alloy;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How to run the commands of a spec.
 *
 * @param solver Alloy SAT solver id ({@code sat4j}, {@code minisat}, {@code glucose}, {@code
 *     lingeling.parallel}, ...)
 * @param scope replaces the overall scope and every non-exact signature scope, when present
 * @param steps replaces the maximal trace length of temporal commands, when present
 * @param outDir where Alloy XML and scenario files go; nothing is written when empty
 * @param timeoutSeconds when positive, each command runs in a child JVM killed after this long
 */
public record RunOptions(
    String solver,
    OptionalInt scope,
    OptionalInt steps,
    Optional<Path> outDir,
    int timeoutSeconds) {

  /** SAT4J (pure Java), the spec's own scopes, no files, in this JVM. */
  public static RunOptions defaults() {
    return new RunOptions("sat4j", OptionalInt.empty(), OptionalInt.empty(), Optional.empty(), 0);
  }

  public RunOptions withSolver(String id) {
    return new RunOptions(id, scope, steps, outDir, timeoutSeconds);
  }

  public RunOptions withScope(int n) {
    return new RunOptions(solver, OptionalInt.of(n), steps, outDir, timeoutSeconds);
  }

  public RunOptions withSteps(int k) {
    return new RunOptions(solver, scope, OptionalInt.of(k), outDir, timeoutSeconds);
  }

  public RunOptions withOutDir(Path dir) {
    return new RunOptions(solver, scope, steps, Optional.of(dir), timeoutSeconds);
  }

  public RunOptions withTimeoutSeconds(int seconds) {
    return new RunOptions(solver, scope, steps, outDir, seconds);
  }
}
