package mountcheck.model.ops;

import java.util.List;

/**
 * {@code mount --bind SRC DST} or, when recursive, {@code mount --rbind SRC DST}. With {@code -o
 * OPTS} ({@link MountOptionWords}) util-linux 2.38 binds first and then remounts the new top mount
 * at DST alone with exactly those attributes ({@code MS_REMOUNT | MS_BIND}, nothing merged).
 */
public record Bind(String source, String target, boolean recursive, List<String> options)
    implements Operation {
  public Bind {
    options = MountOptionWords.check(options);
  }

  public Bind(String source, String target, boolean recursive) {
    this(source, target, recursive, List.of());
  }

  @Override
  public String toCommand() {
    return "mount "
        + (recursive ? "--rbind " : "--bind ")
        + MountOptionWords.flag(options)
        + source
        + " "
        + target;
  }
}
