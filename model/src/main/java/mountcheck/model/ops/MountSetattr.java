package mountcheck.model.ops;

import java.util.Set;

/**
 * {@code mountfd mount_setattr TARGET [AT_RECURSIVE] [attr_set=A,..] [attr_clr=A,..]
 * [propagation=P] [userns=NAME]}: mount_setattr(2) on a path or a named descriptor with a {@code
 * struct mount_attr} of the given fields. A field may also hold bits that name nothing, in hex
 * ({@code attr_set=ro,0x80000000}, {@code propagation=0x80000000}).
 *
 * @param propagation the propagation field, null for 0 (unchanged)
 * @param userns the name whose descriptor is userns_fd, null for userns_fd 0
 * @param unknown the fields' bits that name no attribute or propagation type
 */
public record MountSetattr(
    String target,
    boolean recursive,
    Set<MountAttribute> set,
    Set<MountAttribute> clear,
    Propagation propagation,
    String userns,
    UnknownBits unknown)
    implements Operation {
  public MountSetattr {
    DescriptorName.requirePathOrName(target);
    if (userns != null) DescriptorName.require(userns);
    set = Set.copyOf(set);
    clear = Set.copyOf(clear);
    if (unknown == null) throw new IllegalArgumentException("unknown bits: NONE, not null");
    if (propagation != null && unknown.propagation() != 0)
      throw new IllegalArgumentException("one propagation field: a type or unknown bits");
  }

  /** A mount_setattr without unknown bits. */
  public MountSetattr(
      String target,
      boolean recursive,
      Set<MountAttribute> set,
      Set<MountAttribute> clear,
      Propagation propagation,
      String userns) {
    this(target, recursive, set, clear, propagation, userns, UnknownBits.NONE);
  }

  /** The same call with other unknown bits. */
  public MountSetattr withUnknown(UnknownBits bits) {
    return new MountSetattr(target, recursive, set, clear, propagation, userns, bits);
  }

  /** Whether the call asks for nothing: every field 0 (the kernel's early no-op). */
  public boolean asksNothing() {
    return set.isEmpty() && clear.isEmpty() && propagation == null && unknown.none();
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
    field(s, " attr_set=", set, unknown.set());
    field(s, " attr_clr=", clear, unknown.clear());
    if (propagation != null) s.append(" propagation=").append(propagation.word());
    if (unknown.propagation() != 0)
      s.append(" propagation=").append(UnknownBits.hex(unknown.propagation()));
    if (userns != null) s.append(" userns=").append(userns);
    return s.toString();
  }

  private static void field(StringBuilder s, String key, Set<MountAttribute> named, long bits) {
    if (named.isEmpty() && bits == 0) return;
    s.append(key);
    if (!named.isEmpty()) s.append(MountAttribute.words(named));
    if (!named.isEmpty() && bits != 0) s.append(',');
    if (bits != 0) s.append(UnknownBits.hex(bits));
  }
}
