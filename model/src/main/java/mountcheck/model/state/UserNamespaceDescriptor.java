package mountcheck.model.state;

/**
 * A descriptor on a user namespace ({@code mountfd userns NAME [self]}: the file /proc/PID/ns/user
 * of a new child user namespace, or of the caller's own): what mount_setattr()'s {@code userns_fd}
 * names for MOUNT_ATTR_IDMAP (docs/semantics.md §2.17).
 *
 * @param userNamespace the user namespace it names
 */
public record UserNamespaceDescriptor(int userNamespace) implements DescriptorHandle {
  @Override
  public boolean pathOnly() {
    return false;
  }
}
