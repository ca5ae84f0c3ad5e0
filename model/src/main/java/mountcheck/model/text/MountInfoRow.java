package mountcheck.model.text;

import java.util.List;

/**
 * One line of {@code /proc/self/mountinfo} (proc(5)): {@code id parent major:minor root mountpoint
 * options [optional fields...] - fstype source superoptions}. Paths are unescaped.
 */
public record MountInfoRow(
    int mountId,
    int parentId,
    int major,
    int minor,
    String root,
    String mountPoint,
    String mountOptions,
    List<String> optionalFields,
    String fsType,
    String source,
    String superOptions) {

  public MountInfoRow {
    optionalFields = List.copyOf(optionalFields);
  }

  /** The peer group id from {@code shared:N}, or 0 when the mount is not shared. */
  public int sharedGroup() {
    return field("shared:");
  }

  /** The master's peer group id from {@code master:N}, or 0 when the mount is not a slave. */
  public int masterGroup() {
    return field("master:");
  }

  /**
   * The dominating peer group id from {@code propagate_from:N} (get_dominating_id(), printed by
   * show_mountinfo() when it differs from the master's group), or 0 when absent.
   */
  public int propagateFromGroup() {
    return field("propagate_from:");
  }

  public boolean unbindable() {
    return optionalFields.contains("unbindable");
  }

  private int field(String prefix) {
    for (String f : optionalFields)
      if (f.startsWith(prefix)) return Integer.parseInt(f.substring(prefix.length()));
    return 0;
  }
}
