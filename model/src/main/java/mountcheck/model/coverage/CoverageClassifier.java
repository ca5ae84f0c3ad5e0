package mountcheck.model.coverage;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;
import mountcheck.model.semantics.ErrorSite;
import mountcheck.model.semantics.Location;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.Paths;
import mountcheck.model.semantics.Result;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.Namespace;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.StateMountInfo;

/**
 * Which {@link CoverageTargets} one model step hits, from the state before, the operation and the
 * model's result (and, for the limit, a re-run without the limit to learn how many mounts an ENOSPC
 * operation needed). An observer: it never changes what the model does.
 */
public final class CoverageClassifier {
  private final Model model;

  public CoverageClassifier(Model model) {
    this.model = model;
  }

  /** The scenario command an operation is, as the targets name it. */
  public static String command(Operation op) {
    if (op instanceof MakeDirs) return "mkdir";
    if (op instanceof MountTmpfs) return "mount";
    if (op instanceof Bind b) return b.recursive() ? "rbind" : "bind";
    if (op instanceof Move) return "move";
    if (op instanceof ChangeType) return "make";
    if (op instanceof Umount) return "umount";
    if (op instanceof Unshare) return "unshare";
    if (op instanceof UnshareUser) return "unshare-user";
    if (op instanceof MakeFiles) return "touch";
    if (op instanceof PersistNamespace) return "unshare";
    if (op instanceof Nsenter n) return command(n.command());
    if (op instanceof HoldFile || op instanceof ReleaseFile) return "exec";
    if (op instanceof ChangeDirectory) return "cd";
    if (op instanceof RemoveDirs) return "rmdir";
    if (op instanceof Remount r) return r.bind() ? "remount-bind" : "remount";
    if (op instanceof MoveMount m && m.flag() == MoveMount.Flag.SET_GROUP)
      return "move_mount-set-group";
    if (op instanceof MoveMount m && m.flag() == MoveMount.Flag.BENEATH)
      return "move_mount-beneath";
    if (op instanceof ChangeRoot || op instanceof ChangeRootToDescriptor) return "chroot";
    if (op instanceof PivotRoot) return "pivot_root";
    // a mountfd line is named by its call (open_tree, move_mount, mount_setattr, close, ...)
    if (op.toCommand().startsWith("mountfd ")) return op.toCommand().split(" ")[1];
    throw new AssertionError(op);
  }

  /** The targets of one step. */
  public Set<String> step(MountTable before, Operation op, Result<MountTable> result) {
    Set<String> hits = new LinkedHashSet<>();
    String command = command(op);
    if (result instanceof Result.Err<MountTable> e && e.site() != null) {
      ErrorSite site = e.site();
      if (site.commands().contains(command)) hits.add(site.target(command));
    }
    if (op instanceof Bind b) {
      table(hits, before, command, b.source(), b.target(), false);
      if (b.recursive()) rbindDepth(hits, before, b.source());
      else bindLockedDepth(hits, before, b.source());
    } else if (op instanceof Move m) {
      table(hits, before, command, m.source(), m.target(), true);
    } else if (op instanceof ChangeType c) {
      make(hits, before, c);
    } else if (op instanceof Umount u && u.lazy() && result.isOk()) {
      lazyDepth(hits, before, u.target());
    } else if (op instanceof Unshare u) {
      hits.add(CoverageTargets.unshare(u.newUserNamespace(), u.propagation()));
      int count = before.currentNamespace().mountCount();
      limitPosition(count - before.mountMax())
          .ifPresent(p -> hits.add(CoverageTargets.limit("unshare", p)));
    }
    if (op instanceof RemoveDirs
        && result instanceof Result.Ok<MountTable> removed
        && removed.value().mountCount() < before.mountCount()) {
      hits.add(CoverageTargets.RMDIR_DETACHES);
    }
    if (result.isOk() && Operation.changesRoot(op)) hits.add(CoverageTargets.rootChange(command));
    if (result instanceof Result.Ok<MountTable> ok && !(op instanceof Unshare)) {
      propagationInto(hits, before, ok.value());
      privilege(hits, before, op, ok.value());
    }
    if (op instanceof MountTmpfs || op instanceof Bind || op instanceof Move)
      limit(hits, before, op, result, command);
    return hits;
  }

  /** The optional-field combinations of the rows the kernel comparison reads (final state). */
  public static Set<String> fields(MountTable state) {
    Set<String> hits = new LinkedHashSet<>();
    for (MountInfoRow row : StateMountInfo.rows(state)) hits.add("fields/" + fieldCombination(row));
    return hits;
  }

  static String fieldCombination(MountInfoRow row) {
    StringBuilder b = new StringBuilder();
    if (row.sharedGroup() != 0) b.append("shared");
    if (row.masterGroup() != 0) b.append(b.length() > 0 ? "+" : "").append("master");
    if (row.propagateFromGroup() != 0) b.append(b.length() > 0 ? "+" : "").append("propagate_from");
    if (row.unbindable()) b.append(b.length() > 0 ? "+" : "").append("unbindable");
    return b.length() == 0 ? "none" : b.toString();
  }

  private static void table(
      Set<String> hits,
      MountTable t,
      String command,
      String source,
      String target,
      boolean wholeMount) {
    Optional<Location> from = Paths.resolve(t, source);
    Optional<Location> to = Paths.resolve(t, target);
    if (from.isEmpty() || to.isEmpty()) return;
    Mount s = t.mount(from.get().mount());
    if (wholeMount && (from.get().dentry() != s.root() || !s.hasParent())) return;
    Mount d = t.mount(to.get().mount());
    hits.add(CoverageTargets.tableCell(command, MountType.of(s), MountType.of(d)));
  }

  private static void make(Set<String> hits, MountTable t, ChangeType c) {
    Optional<Location> at = Paths.resolve(t, c.target());
    if (at.isEmpty()) return;
    Mount m = t.mount(at.get().mount());
    if (at.get().dentry() != m.root()) return;
    MountType type = MountType.of(m);
    String state = type.label();
    if (m.shared()) {
      if (t.groupMembers(m.group()).length > 1) state += "+peers";
      if (hasSlaves(t, m)) state += "+slaves";
    }
    hits.add(CoverageTargets.makeCell(c.type(), state));
  }

  /** Whether any member of the mount's peer group has slaves (they all pass propagation on). */
  private static boolean hasSlaves(MountTable t, Mount m) {
    for (int p : t.groupMembers(m.group())) if (t.slaves(p).length > 0) return true;
    return false;
  }

  /** Unbindable mounts rbind prunes and locked mounts it copies, by depth below the source. */
  private static void rbindDepth(Set<String> hits, MountTable t, String source) {
    Optional<Location> from = Paths.resolve(t, source);
    if (from.isEmpty()) return;
    int src = from.get().mount();
    if (t.mount(src).unbindable()) return;
    var at = t.dentry(from.get().dentry());
    ArrayDeque<int[]> work = new ArrayDeque<>(); // {mount, depth}
    for (int c : t.children(src))
      if (t.dentry(t.mount(c).mountpoint()).isAtOrBelow(at)) work.push(new int[] {c, 1});
    while (!work.isEmpty()) {
      int[] item = work.pop();
      Mount m = t.mount(item[0]);
      String depth = item[1] == 1 ? "child" : "deeper";
      if (m.unbindable()) {
        hits.add("depth/rbind-prunes-unbindable/" + depth);
        continue;
      }
      if (m.locked()) hits.add("depth/rbind-copies-locked/" + depth);
      for (int c : t.children(item[0])) work.push(new int[] {c, item[1] + 1});
    }
  }

  /**
   * Locked mounts below a bind's source: a locked direct child makes the bind fail
   * (has_locked_children()); a deeper one is not looked at, since the bind copies no child.
   */
  private static void bindLockedDepth(Set<String> hits, MountTable t, String source) {
    Optional<Location> from = Paths.resolve(t, source);
    if (from.isEmpty()) return;
    var at = t.dentry(from.get().dentry());
    ArrayDeque<int[]> work = new ArrayDeque<>(); // {mount, depth}
    for (int c : t.children(from.get().mount()))
      if (t.dentry(t.mount(c).mountpoint()).isAtOrBelow(at)) work.push(new int[] {c, 1});
    while (!work.isEmpty()) {
      int[] item = work.pop();
      if (t.mount(item[0]).locked())
        hits.add("depth/bind-locked/" + (item[1] == 1 ? "child" : "deeper"));
      for (int c : t.children(item[0])) work.push(new int[] {c, item[1] + 1});
    }
  }

  /** What a lazy umount detaches with its target: children, grandchildren, locked ones. */
  private static void lazyDepth(Set<String> hits, MountTable t, String target) {
    Optional<Location> at = Paths.resolve(t, target);
    if (at.isEmpty()) return;
    ArrayDeque<int[]> work = new ArrayDeque<>();
    for (int c : t.children(at.get().mount())) work.push(new int[] {c, 1});
    while (!work.isEmpty()) {
      int[] item = work.pop();
      String depth = item[1] == 1 ? "child" : "deeper";
      hits.add("depth/umount-l-detaches/" + depth);
      if (t.mount(item[0]).locked()) hits.add("depth/umount-l-locked/" + depth);
      for (int c : t.children(item[0])) work.push(new int[] {c, item[1] + 1});
    }
  }

  /** New mounts in another namespace than the current one: propagation reached it. */
  private static void propagationInto(Set<String> hits, MountTable before, MountTable after) {
    int current = after.currentNamespace().id();
    for (int id = before.mountIdLimit(); id < after.mountIdLimit(); id++) {
      Mount m = after.mount(id);
      if (m == null || m.namespace() == current || m.namespace() == 0) continue;
      if (after.namespace(m.namespace()).userNamespace() == after.currentUserNamespace())
        hits.add("namespace/propagates-into/same-userns");
    }
  }

  /**
   * Whose user namespace decides on locks ({@link CoverageTargets#privilege}): the namespace the
   * operation acts in (the shell's, or the one nsenter entered, owned by the shell's user namespace
   * or by another) and where the trees it attached went: to that namespace's own peers, or to
   * another namespace of the same or of another owner.
   */
  private static void privilege(
      Set<String> hits, MountTable before, Operation op, MountTable after) {
    int acting = before.currentNamespace().id();
    String actor = "shell";
    if (op instanceof Nsenter n) {
      Optional<Integer> ns = Model.namespaceHeldBy(before, n.file());
      if (ns.isEmpty()) return;
      acting = ns.get();
      actor =
          before.namespace(acting).userNamespace() == before.currentUserNamespace()
              ? "nsenter-same-owner"
              : "nsenter-other-owner";
    }
    int owner = before.namespace(acting).userNamespace();
    int rootsHere = 0;
    for (int id = before.mountIdLimit(); id < after.mountIdLimit(); id++) {
      Mount m = after.mount(id);
      if (m == null || m.namespace() == 0 || m.parent() >= before.mountIdLimit()) continue;
      if (m.namespace() == acting) {
        if (++rootsHere == 2) addPrivilege(hits, actor, "own-peers");
      } else {
        boolean sameOwner = after.namespace(m.namespace()).userNamespace() == owner;
        addPrivilege(hits, actor, sameOwner ? "same-owner" : "other-owner");
      }
    }
  }

  private static void addPrivilege(Set<String> hits, String actor, String receiver) {
    for (String[] c : CoverageTargets.PRIVILEGE)
      if (c[0].equals(actor) && c[1].equals(receiver))
        hits.add(CoverageTargets.privilege(actor, receiver));
  }

  /** The fs.mount-max boundary: how full the fullest receiving namespace is (or would be). */
  private void limit(
      Set<String> hits,
      MountTable before,
      Operation op,
      Result<MountTable> result,
      String command) {
    MountTable after;
    if (result instanceof Result.Ok<MountTable> ok) {
      after = ok.value();
    } else if (result instanceof Result.Err<MountTable> e && e.site() == ErrorSite.MOUNT_MAX) {
      Result<MountTable> unlimited = model.apply(before.withMountMax(Integer.MAX_VALUE), op);
      if (!(unlimited instanceof Result.Ok<MountTable> ok)) return;
      after = ok.value();
    } else {
      return;
    }
    Map<Integer, Integer> countBefore = new HashMap<>();
    for (Namespace ns : before.namespaces()) countBefore.put(ns.id(), ns.mountCount());
    long fullest = Long.MIN_VALUE;
    for (Namespace ns : after.namespaces()) {
      if (ns.mountCount() <= countBefore.getOrDefault(ns.id(), 0)) continue;
      fullest = Math.max(fullest, ns.mountCount());
    }
    if (fullest == Long.MIN_VALUE) return;
    Optional<String> position = limitPosition(fullest - before.mountMax());
    if (position.isEmpty()) return;
    hits.add(CoverageTargets.limit(command, position.get()));
    if (destinationPropagates(before, op))
      hits.add(CoverageTargets.limit("propagation", position.get()));
  }

  private static Optional<String> limitPosition(long overLimit) {
    if (overLimit == -1) return Optional.of("below");
    if (overLimit == 0) return Optional.of("at");
    if (overLimit == 1) return Optional.of("above");
    return Optional.empty();
  }

  private static boolean destinationPropagates(MountTable t, Operation op) {
    String target =
        op instanceof MountTmpfs m
            ? m.target()
            : op instanceof Bind b ? b.target() : ((Move) op).target();
    Optional<Location> at = Paths.resolve(t, target);
    if (at.isEmpty()) return false;
    Mount d = t.mount(at.get().mount());
    return d.shared() && (t.groupMembers(d.group()).length > 1 || hasSlaves(t, d));
  }
}
