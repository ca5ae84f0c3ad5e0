package mountcheck.model.ops;

/**
 * {@code cd PATH}: the shell's working directory, which holds a reference to the mount it lies in;
 * {@code cd /} gives it back (the root mount is never unmounted).
 */
public record ChangeDirectory(String path) implements Operation {
  @Override
  public String toCommand() {
    return "cd " + path;
  }
}
