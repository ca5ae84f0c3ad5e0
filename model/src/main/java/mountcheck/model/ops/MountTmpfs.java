package mountcheck.model.ops;

/** {@code mount -t tmpfs NAME PATH}: a new filesystem instance whose source label is NAME. */
public record MountTmpfs(String source, String target) implements Operation {
  @Override
  public String toCommand() {
    return "mount -t tmpfs " + source + " " + target;
  }
}
