package mountcheck.model.ops;

/**
 * {@code mountfd userns NAME [self]}: a descriptor on a user namespace, kept as NAME, for
 * mount_setattr(2)'s {@code userns=NAME} (MOUNT_ATTR_IDMAP). Without {@code self} a new user
 * namespace, child of the caller's, that maps uid and gid 0 to the caller's 0 (as {@code unshare
 * --map-root-user} does; the executor opens /proc/PID/ns/user of a child that made it); with {@code
 * self} the caller's own (/proc/self/ns/user).
 */
public record OpenUserNamespace(String name, boolean self) implements Operation {
  public OpenUserNamespace {
    DescriptorName.require(name);
  }

  @Override
  public String toCommand() {
    return "mountfd userns " + name + (self ? " self" : "");
  }
}
