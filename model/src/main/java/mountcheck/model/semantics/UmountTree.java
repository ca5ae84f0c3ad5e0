package mountcheck.model.semantics;

import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mountcheck.model.events.ChangeLog;
import mountcheck.model.events.Touch;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.ShellState;
import mountcheck.model.state.Superblock;
import mountcheck.model.umount.Reparent;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.umount.UmountPlan;

/**
 * do_umount() and umount_tree(m, UMOUNT_PROPAGATE[|UMOUNT_SYNC]) (fs/namespace.c, Linux 6.18).
 *
 * <p>Besides its place in the tree, a mount can be held by the scenario's shells: an open
 * descriptor ({@code exec N<PATH}) or a working directory ({@code cd PATH}). A mount with children
 * or a holder is busy, and so is a childless propagated counterpart with a holder
 * (propagate_mount_busy(), fs/pnode.c). A victim with a holder (only a lazy umount or a namespace
 * teardown takes one) leaves the tree but stays alive, detached, until its last holder lets go
 * ({@link ShellState#detached()}); every other victim is freed at namespace_unlock (locked children
 * of a lazily detached mount stay attached to it, invisible, and go with it).
 */
public final class UmountTree {
  private UmountTree() {}

  /** What propagate_umount is given: the state after the checks and unlocking, and U. */
  public record Input(MountTable before, List<Integer> u) {}

  static Result<MountTable> apply(
      MountTable table,
      int namespace,
      String path,
      boolean lazy,
      UmountAlgorithm algorithm,
      boolean detachedPeersHideSlaves,
      ChangeLog log) {
    Result<Input> prepared = prepare(table, namespace, path, lazy, detachedPeersHideSlaves, log);
    if (!(prepared instanceof Result.Ok<Input> ok)) {
      return ((Result.Err<Input>) prepared).retyped();
    }
    Input in = ok.value();
    if (in.u().isEmpty()) return Result.ok(in.before()); // the root remounted read-only
    UmountPlan plan =
        algorithm.plan(new MountTableGraph(in.before(), detachedPeersHideSlaves), in.u());
    if (!lazy) {
      // propagate_mount_busy(): a mount the umount would take along (a propagated counterpart,
      // or one whose only child is an overmount that would be reparented) is held: EBUSY
      Set<Integer> held = in.before().shell().heldMounts();
      if (!held.isEmpty())
        for (int v : plan.victims())
          if (held.contains(v))
            return Result.err(ErrorSite.HELD, path + ": a mount it takes along is held");
    }
    return Result.ok(applyPlan(in.before(), plan, log));
  }

  /** do_umount()'s checks, then umount_tree()'s propagate_mount_unlock() and collection of U. */
  static Result<Input> prepare(
      MountTable table,
      int namespace,
      String path,
      boolean lazy,
      boolean detachedPeersHideSlaves,
      ChangeLog log) {
    MountTableBuilder t = table.toBuilder();
    Result<Location> walked = PathWalk.resolveMountpoint(t, namespace, path);
    if (!(walked instanceof Result.Ok<Location> ok)) {
      return ((Result.Err<Location>) walked).retyped();
    }
    int m = ok.value().mount();
    Mount target = t.mount(m);
    // can_umount(): path_mounted(), check_mnt(), MNT_LOCKED; only the caller's root (a mountfd
    // chroot into a detached tree, which may since have been dissolved) can be outside the
    // namespace
    if (target != null && ok.value().dentry() != target.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, path + ": not a mount point");
    if (target == null || target.namespace() != namespace)
      return Result.err(ErrorSite.ROOT_NOT_IN_NAMESPACE, path + ": not in the caller's namespace");
    if (target.locked())
      return Result.err(ErrorSite.LOCKED, path + ": mount is locked (MNT_LOCKED)");
    ShellState.Root root = t.shell().root();
    if (!lazy && root.changed() && m == root.mount()) return umountRoot(t, target, path);
    if (!target.hasParent()) return Result.err(ErrorSite.NAMESPACE_ROOT, path + ": namespace root");
    log.touch(new Touch.Bump()); // do_umount(): event++ once the mount may go, busy or not
    if (!lazy && t.childCount(m) > 0) return Result.err(ErrorSite.BUSY, path + ": target is busy");
    if (!lazy && busyByReference(t, m))
      return Result.err(ErrorSite.HELD, path + ": target is busy (held by the shell)");

    // propagate_mount_unlock(): the counterparts of the target lose MNT_LOCKED
    for (int r : PropagationWalk.receivers(t, target.parent(), detachedPeersHideSlaves)) {
      int c = t.lookup(r, target.mountpoint());
      if (c != 0) t.setLocked(c, false);
    }
    List<Integer> u = CopyTree.subtreeList(t, m);
    return Result.ok(new Input(t.build(), u));
  }

  /**
   * do_umount() of the caller's own root without MNT_DETACH (docs/semantics.md §2.18): no umount,
   * do_umount_root() remounts its superblock read-only, which needs CAP_SYS_ADMIN in the user
   * namespace that owns it (EPERM); nothing leaves the table (U is empty).
   */
  private static Result<Input> umountRoot(MountTableBuilder t, Mount target, String path) {
    Superblock sb = t.superblock(target.superblock());
    if (!t.capable(sb.userNamespace()))
      return Result.err(
          // no recorded case reaches it yet, so it is no coverage target of umount
          ErrorSite.SUPERBLOCK_NOT_OWNED,
          path + ": the root's filesystem belongs to another user namespace");
    // reconfigure_super() -> sb_prepare_remount_readonly(): a writer on any mount of it (C104)
    if (!sb.readOnly() && t.shell().superblockHasWriters(target.superblock()))
      return Result.err(
          ErrorSite.WRITERS, path + ": a file of the root's filesystem is open for writing");
    t.setSuperblock(sb.withReadOnly(true));
    return Result.ok(new Input(t.build(), List.of()));
  }

  /**
   * do_umount()'s own check of the target's references; the counterparts the umount would take
   * along are checked on its plan ({@link #apply}).
   */
  private static boolean busyByReference(MountTableBuilder t, int m) {
    return t.shell().references(m) > 0;
  }

  /** umount_tree(root, 0) of a whole namespace (put_mnt_ns()): every mount, no propagation. */
  static MountTable tearDown(MountTable table, int namespace, ChangeLog log) {
    MountTableBuilder t = table.toBuilder();
    List<Integer> victims = CopyTree.subtreeList(t, table.namespace(namespace).root());
    return applyPlan(table, new UmountPlan(victims, List.of(), 0), log);
  }

  /**
   * Reparent surviving overmounts, re-home the victims' slaves, free the victims. Each reparented
   * mount is queued for a move event (reparent() in fs/pnode.c); each victim leaves its namespace,
   * touching it and queueing a detach event (umount_tree()).
   */
  static MountTable applyPlan(MountTable before, UmountPlan plan, ChangeLog log) {
    MountTableBuilder t = before.toBuilder();
    BitSet victim = new BitSet();
    for (int v : plan.victims()) victim.set(v);
    for (Reparent r : plan.reparents()) {
      t.move(r.mount(), r.newParent(), r.newMountpoint());
      int ns = t.mount(r.mount()).namespace();
      log.queue(r.mount(), ns, ns);
    }
    if (log.enabled()) {
      for (int v : plan.victims()) {
        int ns = t.mount(v).namespace();
        if (ns == 0) continue;
        log.touch(new Touch.CatchUp(ns));
        log.queue(v, ns, 0);
      }
    }
    bulkMakePrivate(t, plan.victims(), victim);
    ShellState shell = t.shell();
    Set<Integer> held = shell.heldMounts();
    if (!held.isEmpty()) {
      // a held victim leaves the tree but lives on, detached, until its last holder lets go
      Map<Integer, Integer> detached = new LinkedHashMap<>(shell.detached());
      for (int v : plan.victims()) if (held.contains(v)) detached.put(v, before.namespaceOfFile(v));
      t.setShell(shell.withDetached(detached));
    }
    t.freeAll(plan.victims().stream().mapToInt(Integer::intValue).toArray());
    return t.build();
  }

  /**
   * bulk_make_private() (6.18, "umount_tree(): take all victims out of propagation graph at once"):
   * each victim's surviving slaves move to the nearest surviving source: a surviving peer first,
   * else the destination of its master (followed through dying masters), else nowhere.
   */
  private static void bulkMakePrivate(MountTableBuilder t, List<Integer> victims, BitSet victim) {
    Map<Integer, Integer> destination = new HashMap<>();
    Map<Integer, Integer> survivorOfGroup = new HashMap<>();
    for (int v : victims) {
      if (t.slaveCount(v) == 0) continue;
      int d = destinationOf(t, v, victim, destination, survivorOfGroup);
      for (int s : t.slaves(v)) if (!victim.get(s)) t.setMaster(s, d);
    }
  }

  private static int destinationOf(
      MountTableBuilder t,
      int v,
      BitSet victim,
      Map<Integer, Integer> memo,
      Map<Integer, Integer> survivorOfGroup) {
    Integer known = memo.get(v);
    if (known != null) return known;
    int d = 0;
    int x = v;
    while (x != 0) {
      Mount mx = t.mount(x);
      int survivor =
          mx.shared()
              ? survivorOfGroup.computeIfAbsent(mx.group(), g -> firstSurvivor(t, g, victim))
              : 0;
      if (survivor != 0) {
        d = survivor;
        break;
      }
      int master = mx.master();
      if (master == 0 || !victim.get(master)) {
        d = master;
        break;
      }
      x = master;
    }
    memo.put(v, d);
    return d;
  }

  private static int firstSurvivor(MountTableBuilder t, int group, BitSet victim) {
    for (int p : t.groupMembers(group)) if (!victim.get(p)) return p;
    return 0;
  }
}
