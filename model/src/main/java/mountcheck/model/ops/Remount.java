package mountcheck.model.ops;

import java.util.List;

/**
 * {@code mount -o remount,bind,OPTS PATH} (the attributes of the mount at PATH alone, not
 * recursive: do_reconfigure_mnt()) or {@code mount -o remount,OPTS PATH} (its superblock, which
 * every mount of it shows, and the mount's attributes with it: do_remount()). util-linux 2.38
 * passes the mount's current per-mount options from mountinfo with OPTS applied over them ({@link
 * MountOptionWords}).
 */
public record Remount(boolean bind, List<String> options, String target) implements Operation {
  public Remount {
    options = MountOptionWords.check(options);
  }

  @Override
  public String toCommand() {
    StringBuilder o = new StringBuilder("remount");
    if (bind) o.append(",bind");
    for (String w : options) o.append(',').append(w);
    return "mount -o " + o + " " + target;
  }
}
