package mountcheck.model.state;

/**
 * A filesystem instance. Its id doubles as the anonymous device minor shown in mountinfo.
 *
 * @param readOnly SB_RDONLY: the superblock itself is read-only (mountinfo's last field shows
 *     {@code ro}), seen through every mount of it whatever the mount's own attributes; the opaque
 *     filesystems the runner starts on count as read-only
 * @param opaque true for the filesystem the scenario starts on (never shown in output)
 * @param userNamespace the user namespace that owns it ({@code s_user_ns}): remounting it needs
 *     CAP_SYS_ADMIN there; 0 for filesystems of the host (the initial user namespace)
 */
public record Superblock(
    int id, String fsType, String source, boolean readOnly, boolean opaque, int userNamespace) {

  public Superblock withReadOnly(boolean value) {
    return new Superblock(id, fsType, source, value, opaque, userNamespace);
  }
}
