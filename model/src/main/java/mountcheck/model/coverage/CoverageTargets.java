package mountcheck.model.coverage;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Unshare;
import mountcheck.model.semantics.ErrorSite;

/**
 * The semantic coverage targets, enumerated from the model: every errno site by command, every cell
 * of the bind, rbind, move and make-X transition tables, depth of rbind pruning, locking and lazy
 * umount (and has_locked_children(), which looks at direct children only), every combination of
 * mountinfo optional fields, the fs.mount-max boundary at every place that can reach it, and the
 * namespace kinds. {@link CoverageClassifier} says which targets a step hits; names are stable
 * (they appear in CI logs and docs/checking.md).
 */
public final class CoverageTargets {
  private CoverageTargets() {}

  /** The commands whose source x destination table is a target set. */
  public static final List<String> TABLE_COMMANDS = List.of("bind", "rbind", "move");

  /** The optional-field combinations show_mountinfo() can print for a mount. */
  public static final List<String> FIELD_COMBINATIONS =
      List.of(
          "none",
          "shared",
          "master",
          "shared+master",
          "master+propagate_from",
          "shared+master+propagate_from",
          "unbindable");

  /** Places where a mount count can reach fs.mount-max. */
  public static final List<String> LIMIT_PLACES =
      List.of("mount", "bind", "rbind", "move", "propagation", "unshare");

  /** Boundary positions: the fullest namespace holds max-1, max or max+1 mounts afterwards. */
  public static final List<String> LIMIT_POSITIONS = List.of("below", "at", "above");

  /**
   * rmdir of a directory that is a mount point in another namespace: __detach_mounts() detaches
   * those mounts with their subtrees (docs/semantics.md §2.12).
   */
  public static final String RMDIR_DETACHES = "namespace/rmdir-detaches-other-namespace";

  /**
   * Whose privilege decides on locks (attach_recursive_mnt() compares each receiving namespace's
   * owner with the owner of the namespace the caller acts in, not with the caller's credentials):
   * the actor (the shell in its own namespace, or nsenter into a namespace the shell's user
   * namespace owns, or one a newer user namespace owns) and where its trees went. Copies to another
   * owner are locked (lock_mnt_tree()); those within one owner are not. A namespace owned by a
   * newer user namespace has no namespace downstream of another owner (copies into a newer user
   * namespace are slaves, and only the shell's own namespace can be copied), so its trees reach its
   * own peers only.
   */
  static final List<String[]> PRIVILEGE =
      List.of(
          new String[] {"shell", "same-owner"},
          new String[] {"shell", "other-owner"},
          new String[] {"nsenter-same-owner", "same-owner"},
          new String[] {"nsenter-same-owner", "other-owner"},
          new String[] {"nsenter-other-owner", "own-peers"});

  /** The target of an actor whose trees went to {@code receiver}. */
  public static String privilege(String actor, String receiver) {
    return "privilege/" + actor + "/propagates-into/" + receiver;
  }

  /** The lines that change the shell's root (docs/semantics.md §2.18). */
  static final List<String> ROOT_COMMANDS = List.of("chroot", "pivot_root");

  /** The target of a root change that worked. */
  public static String rootChange(String command) {
    return "root/" + command;
  }

  public static List<String> all() {
    List<String> out = new ArrayList<>();
    for (ErrorSite site : ErrorSite.values())
      for (String command : site.commands()) out.add(site.target(command));
    for (String command : TABLE_COMMANDS)
      for (MountType from : MountType.values())
        for (MountType to : MountType.values()) out.add(tableCell(command, from, to));
    for (Propagation x : Propagation.values())
      for (String state : makeStates()) out.add(makeCell(x, state));
    for (String depth : List.of("child", "deeper")) {
      out.add("depth/rbind-prunes-unbindable/" + depth);
      out.add("depth/rbind-copies-locked/" + depth);
      out.add("depth/bind-locked/" + depth);
      out.add("depth/umount-l-detaches/" + depth);
      out.add("depth/umount-l-locked/" + depth);
    }
    for (String f : FIELD_COMBINATIONS) out.add("fields/" + f);
    for (String place : LIMIT_PLACES)
      for (String position : LIMIT_POSITIONS)
        if (reachable(place, position)) out.add(limit(place, position));
    for (boolean userNs : new boolean[] {false, true})
      for (Unshare.NamespacePropagation p : Unshare.NamespacePropagation.values())
        out.add(unshare(userNs, p));
    out.add("namespace/propagates-into/same-userns");
    for (String[] c : PRIVILEGE) out.add(privilege(c[0], c[1]));
    out.add(RMDIR_DETACHES);
    for (String command : ROOT_COMMANDS) out.add(rootChange(command));
    return List.copyOf(out);
  }

  /**
   * copy_mnt_ns() never checks fs.mount-max, so an unshare cannot fail with ENOSPC: the new
   * namespace starts with as many mounts as the old one (the next mount there fails instead).
   */
  static boolean reachable(String place, String position) {
    return !(place.equals("unshare") && position.equals("above"));
  }

  static String tableCell(String command, MountType from, MountType to) {
    return command + "/" + from.label() + "->" + to.label();
  }

  /**
   * The states a make-X can start from: the type, and for shared mounts whether it has peers and
   * slaves (a shared-slave also has a master).
   */
  static List<String> makeStates() {
    List<String> out = new ArrayList<>();
    for (MountType t : MountType.values()) {
      if (t == MountType.SHARED || t == MountType.SHARED_SLAVE) {
        out.add(t.label());
        out.add(t.label() + "+peers");
        out.add(t.label() + "+slaves");
        out.add(t.label() + "+peers+slaves");
      } else {
        out.add(t.label());
      }
    }
    return out;
  }

  static String makeCell(Propagation x, String state) {
    return "make-" + x.word() + "/" + state;
  }

  static String limit(String place, String position) {
    return "mount-max/" + place + "/" + position;
  }

  static String unshare(boolean newUserNamespace, Unshare.NamespacePropagation p) {
    return "namespace/unshare/"
        + (newUserNamespace ? "other-userns" : "same-userns")
        + "/"
        + p.word();
  }
}
