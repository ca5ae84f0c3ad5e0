package mountcheck.model.ops;

import java.util.List;

/**
 * {@code mount -t tmpfs NAME PATH}: a new filesystem instance whose source label is NAME; with
 * {@code -o OPTS} ({@link MountOptionWords}), the new mount and superblock take those attributes.
 */
public record MountTmpfs(String source, String target, List<String> options) implements Operation {
  public MountTmpfs {
    options = MountOptionWords.check(options);
  }

  public MountTmpfs(String source, String target) {
    this(source, target, List.of());
  }

  @Override
  public String toCommand() {
    return "mount -t tmpfs " + MountOptionWords.flag(options) + source + " " + target;
  }
}
