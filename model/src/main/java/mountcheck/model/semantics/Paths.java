package mountcheck.model.semantics;

import java.util.Optional;
import mountcheck.model.state.MountTable;

/** Path resolution for observers of the model (coverage, reports): where a path leads now. */
public final class Paths {
  private Paths() {}

  /** The topmost mount and dentry that {@code path} reaches in the current namespace, if any. */
  public static Optional<Location> resolve(MountTable t, String path) {
    Result<Location> r = PathWalk.resolve(t.toBuilder(), t.currentNamespace().id(), path);
    return r instanceof Result.Ok<Location> ok ? Optional.of(ok.value()) : Optional.empty();
  }
}
