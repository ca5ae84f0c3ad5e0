package mountcheck.model.ops;

/**
 * The bits of a {@code mount_setattr} line's {@code struct mount_attr} fields that name no
 * attribute and no propagation type (written in hex: {@code attr_set=0x80000000}), as the selftest
 * {@code invalid_attributes} passes them. build_mount_kattr() refuses them (EINVAL).
 *
 * @param set bits of attr_set outside {@link #KNOWN_ATTRIBUTES}
 * @param clear bits of attr_clr outside {@link #KNOWN_ATTRIBUTES}
 * @param propagation bits of the propagation field outside {@link #KNOWN_PROPAGATION}
 */
public record UnknownBits(long set, long clear, long propagation) {
  /** No unknown bit. */
  public static final UnknownBits NONE = new UnknownBits(0, 0, 0);

  /**
   * MOUNT_SETATTR_VALID_FLAGS (fs/namespace.c): MOUNT_ATTR_RDONLY, _NOSUID, _NODEV, _NOEXEC,
   * __ATIME, _NODIRATIME, _IDMAP and _NOSYMFOLLOW, every one of which the language names.
   */
  public static final long KNOWN_ATTRIBUTES = 0x3000ffL;

  /** MOUNT_SETATTR_PROPAGATION_FLAGS: MS_UNBINDABLE, MS_PRIVATE, MS_SLAVE and MS_SHARED. */
  public static final long KNOWN_PROPAGATION = 0x1e0000L;

  public UnknownBits {
    if ((set & KNOWN_ATTRIBUTES) != 0 || (clear & KNOWN_ATTRIBUTES) != 0)
      throw new IllegalArgumentException("a known attribute bit is written by its name");
    if ((propagation & KNOWN_PROPAGATION) != 0)
      throw new IllegalArgumentException("a known propagation bit is written by its name");
  }

  /** Whether no field has an unknown bit. */
  public boolean none() {
    return set == 0 && clear == 0 && propagation == 0;
  }

  /** A field's bits as the line writes them ({@code 0x80000000}). */
  public static String hex(long bits) {
    return "0x" + Long.toHexString(bits);
  }
}
