package mountcheck.model.ops;

import java.util.List;

/** {@code touch PATH...}: creates each missing path as an empty regular file. */
public record MakeFiles(List<String> paths) implements Operation {
  public MakeFiles {
    paths = List.copyOf(paths);
    if (paths.isEmpty()) throw new IllegalArgumentException("touch needs at least one path");
  }

  @Override
  public String toCommand() {
    return "touch " + String.join(" ", paths);
  }
}
