package mountcheck.model.ops;

import java.util.List;

/** {@code mkdir -p PATH...}: creates every missing directory of each path. */
public record MakeDirs(List<String> paths) implements Operation {
  public MakeDirs {
    paths = List.copyOf(paths);
    if (paths.isEmpty()) throw new IllegalArgumentException("mkdir -p needs at least one path");
  }

  @Override
  public String toCommand() {
    return "mkdir -p " + String.join(" ", paths);
  }
}
