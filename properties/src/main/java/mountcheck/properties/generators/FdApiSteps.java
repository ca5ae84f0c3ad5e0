package mountcheck.properties.generators;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import mountcheck.engine.Source;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MountAttribute;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.UnknownBits;

/**
 * Steps of the fd-based mount API ({@code mountfd} lines, README "The fd-based mount API") for the
 * generated scenarios: detached copies made, attached, moved and closed, mount_setattr on paths and
 * on detached trees, MOVE_MOUNT_BENEATH and MOVE_MOUNT_SET_GROUP (docs/semantics.md §2.16), new
 * tmpfs mounts through fsopen/fsconfig/fsmount (now and then with a directory that mkdirat makes in
 * the new tree through its descriptor), and idmapped mounts (section 2.17). Two mount names, {@code
 * t} and {@code u}, so that a later line often finds a tree an earlier one made; one context name
 * {@code c} and one user namespace name {@code n}; now and then a path is relative to a descriptor
 * ({@code t/b}). Choice 0 is the simplest: a plain open_tree.
 */
final class FdApiSteps {
  private static final String[] NAMES = {"t", "u"};
  private static final String CONTEXT = "c";
  private static final String USERNS = "n";

  private FdApiSteps() {}

  /**
   * One step around a mount point {@code m} and another path {@code p}: a copy attached at once
   * (the common container runtime sequence) or left for later, an attach or a move of a named tree,
   * a close, a mount_setattr, a new tmpfs through a filesystem context, an idmapping, or one more
   * fsmount of the context.
   */
  static List<Operation> step(Source s, String m, String p) {
    String name = NAMES[s.draw(1)];
    switch (s.draw(9)) {
      case 0:
        return List.of(
            new OpenTree(
                name, s.drawCoin(0.2) ? below(name, p) : m, s.drawCoin(0.8), s.drawCoin(0.5)));
      case 1:
        return List.of(
            new OpenTree(name, m, true, s.drawCoin(0.5)),
            setattr(s, name),
            new MoveMount(name, p, MoveMount.Flag.NONE));
      case 2:
        return List.of(new MoveMount(name, p, flag(s)));
      case 3:
        return List.of(new CloseDescriptor(name));
      case 4:
        return List.of(setattr(s, s.drawCoin(0.5) ? name : s.drawCoin(0.2) ? below(name, p) : m));
      case 5:
        // between two paths: SET_GROUP as CRIU restores sharing, BENEATH as systemd replaces a
        // mount
        return List.of(new MoveMount(m, p, s.drawCoin(0.5) ? flag(s) : MoveMount.Flag.NONE));
      case 6:
        return List.of(new MoveMount(name, otherName(name), flag(s)));
      case 7:
        return fsmount(s, name, p);
      case 8:
        return idmap(s, name);
      default:
        return List.of(new FsMount(name, CONTEXT, Set.of()));
    }
  }

  /**
   * A path relative to the other name's descriptor (README, "The fd-based mount API": {@code
   * NAME/REL}), the last component of {@code p}: found when that descriptor holds the directory
   * above it, as the selftests' open_tree(fd, "A/AA") of a detached tree.
   */
  private static String below(String name, String p) {
    return otherName(name) + "/" + p.substring(p.lastIndexOf('/') + 1);
  }

  private static String otherName(String name) {
    return name.equals("t") ? "u" : "t";
  }

  /**
   * No flag (the simplest), MOVE_MOUNT_BENEATH or MOVE_MOUNT_SET_GROUP (docs/semantics.md §2.16).
   */
  private static MoveMount.Flag flag(Source s) {
    return switch (s.draw(2)) {
      case 0 -> MoveMount.Flag.NONE;
      case 1 -> MoveMount.Flag.BENEATH;
      default -> MoveMount.Flag.SET_GROUP;
    };
  }

  /**
   * fsopen, a source now and then, create (left out now and then: fsmount is EINVAL then), fsmount
   * with attributes, mostly attached at once, now and then idmapped first.
   */
  private static List<Operation> fsmount(Source s, String name, String p) {
    List<Operation> out = new ArrayList<>();
    out.add(new FsOpen(CONTEXT, "tmpfs"));
    if (s.drawCoin(0.5)) out.add(new FsConfig(CONTEXT, "f"));
    if (s.drawCoin(0.9)) out.add(new FsConfig(CONTEXT, null));
    Set<MountAttribute> attributes = EnumSet.noneOf(MountAttribute.class);
    if (s.drawCoin(0.3)) attributes.add(MountAttribute.RO);
    if (s.drawCoin(0.2)) attributes.add(MountAttribute.NODEV);
    if (s.drawCoin(0.2)) attributes.add(MountAttribute.NOSYMFOLLOW);
    if (s.drawCoin(0.2)) attributes.add(MountAttribute.NOATIME);
    out.add(new FsMount(name, CONTEXT, attributes));
    // a directory made inside the new tree, which has no absolute path yet (mkdirat through the
    // descriptor, as the selftest open_tree_subfolder does): a later NAME/REL line finds it
    if (s.drawCoin(0.3)) out.add(new MakeDirectoryAt(below(otherName(name), p)));
    if (s.drawCoin(0.3)) out.addAll(idmap(s, name));
    if (s.drawCoin(0.7)) out.add(new MoveMount(name, p, MoveMount.Flag.NONE));
    return out;
  }

  /**
   * A user namespace descriptor (now and then the caller's own, which owns the scenario's tmpfs:
   * EINVAL) and MOUNT_ATTR_IDMAP with it, now and then recursive.
   */
  private static List<Operation> idmap(Source s, String name) {
    return List.of(
        new OpenUserNamespace(USERNS, s.drawCoin(0.2)),
        new MountSetattr(
            name, s.drawCoin(0.3), Set.of(MountAttribute.IDMAP), Set.of(), null, USERNS));
  }

  /**
   * A mount_setattr: attributes to set or clear, a propagation type, recursive or not, now and then
   * an attribute bit that names nothing.
   */
  private static Operation setattr(Source s, String target) {
    Set<MountAttribute> set = EnumSet.noneOf(MountAttribute.class);
    Set<MountAttribute> clear = EnumSet.noneOf(MountAttribute.class);
    if (s.drawCoin(0.5)) set.add(MountAttribute.RO);
    if (s.drawCoin(0.3)) set.add(MountAttribute.NOSUID);
    if (s.drawCoin(0.3)) clear.add(MountAttribute.RO);
    if (s.drawCoin(0.2)) {
      clear.add(MountAttribute.ATIME);
      set.add(s.drawCoin(0.5) ? MountAttribute.NOATIME : MountAttribute.STRICTATIME);
    }
    Propagation type = null;
    if (s.drawCoin(0.4)) type = Propagation.values()[s.draw(Propagation.values().length - 1)];
    // now and then a bit that names nothing, as the selftest invalid_attributes passes (EINVAL)
    UnknownBits unknown = s.drawCoin(0.05) ? new UnknownBits(1L << 31, 0, 0) : UnknownBits.NONE;
    return new MountSetattr(target, s.drawCoin(0.5), set, clear, type, null, unknown);
  }
}
