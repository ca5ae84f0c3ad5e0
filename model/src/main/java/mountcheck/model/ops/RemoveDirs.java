package mountcheck.model.ops;

import java.util.List;

/**
 * {@code rmdir PATH...}: removes each empty directory (coreutils rmdir(1), one rmdir(2) per path,
 * going on after a failure). The directory's dentry leaves its filesystem, which every mount of
 * that filesystem in every namespace shows; mounts of other namespaces on it are detached.
 */
public record RemoveDirs(List<String> paths) implements Operation {
  public RemoveDirs {
    paths = List.copyOf(paths);
    if (paths.isEmpty()) throw new IllegalArgumentException("rmdir needs at least one path");
  }

  @Override
  public String toCommand() {
    return "rmdir " + String.join(" ", paths);
  }
}
