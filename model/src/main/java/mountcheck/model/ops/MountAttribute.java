package mountcheck.model.ops;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A MOUNT_ATTR_* bit of mount_setattr(2) and fsmount(2) (include/uapi/linux/mount.h), written as
 * mountinfo writes the option ({@code ro}, {@code nosuid}, ...; {@code idmap} for MOUNT_ATTR_IDMAP,
 * {@code atime} for the mask MOUNT_ATTR__ATIME, which attr_clr must hold whenever an atime mode is
 * set or cleared; {@code relatime} is the mode 0).
 */
public enum MountAttribute {
  RO,
  NOSUID,
  NODEV,
  NOEXEC,
  RELATIME,
  NOATIME,
  STRICTATIME,
  NODIRATIME,
  NOSYMFOLLOW,
  IDMAP,
  ATIME;

  /** The attribute's word in a line. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The attribute a word names, or null. */
  public static MountAttribute ofWord(String word) {
    for (MountAttribute a : values()) if (a.word().equals(word)) return a;
    return null;
  }

  /** A comma-separated list of words, in declaration order. */
  public static String words(Set<MountAttribute> attributes) {
    return attributes.stream().sorted().map(MountAttribute::word).collect(Collectors.joining(","));
  }
}
