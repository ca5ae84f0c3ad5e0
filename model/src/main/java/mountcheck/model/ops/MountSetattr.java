package mountcheck.model.ops;

import java.util.Set;

/**
 * {@code mountfd mount_setattr TARGET [AT_RECURSIVE] [attr_set=A,..] [attr_clr=A,..]
 * [propagation=P] [userns=NAME]}: mount_setattr(2) on a path or a named descriptor with a {@code
 * struct mount_attr} of the given fields.
 *
 * @param propagation the propagation field, null for 0 (unchanged)
 * @param userns the name whose descriptor is userns_fd, null for userns_fd 0
 */
public record MountSetattr(
    String target,
    boolean recursive,
    Set<MountAttribute> set,
    Set<MountAttribute> clear,
    Propagation propagation,
    String userns)
    implements Operation {
  public MountSetattr {
    DescriptorName.requirePathOrName(target);
    if (userns != null) DescriptorName.require(userns);
    set = Set.copyOf(set);
    clear = Set.copyOf(clear);
  }

  /** A mount_setattr with userns_fd 0. */
  public MountSetattr(
      String target,
      boolean recursive,
      Set<MountAttribute> set,
      Set<MountAttribute> clear,
      Propagation propagation) {
    this(target, recursive, set, clear, propagation, null);
  }

  @Override
  public String toCommand() {
    StringBuilder s = new StringBuilder("mountfd mount_setattr ").append(target);
    if (recursive) s.append(" AT_RECURSIVE");
    if (!set.isEmpty()) s.append(" attr_set=").append(MountAttribute.words(set));
    if (!clear.isEmpty()) s.append(" attr_clr=").append(MountAttribute.words(clear));
    if (propagation != null) s.append(" propagation=").append(propagation.word());
    if (userns != null) s.append(" userns=").append(userns);
    return s.toString();
  }
}
