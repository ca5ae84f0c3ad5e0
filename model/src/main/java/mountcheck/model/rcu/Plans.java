package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.List;

/** Turns a variant into the operations of each task (which steps, in which order). */
public final class Plans {
  private Plans() {}

  /** umount(2) of {@code mount}, lazy or not, as the variant does it. */
  public static Op umount(LifetimeDesign v, int mount, boolean lazy) {
    return new Op(OpKind.UMOUNT, mount, lazy, v.umount(lazy));
  }

  /**
   * umount(2) of {@code mount} racing another updater: the variant's steps with the path lookup
   * taken apart from namespace_sem and lock_mount_hash, so the other umount can detach the mount in
   * between.
   */
  public static Op umountRacing(LifetimeDesign v, int mount, boolean lazy) {
    List<UpdaterStep> steps = new ArrayList<>();
    for (UpdaterStep s : v.umount(lazy)) {
      if (s == UpdaterStep.LOCK) {
        steps.add(UpdaterStep.PATH_LOOKUP);
        steps.add(UpdaterStep.LOCK_AFTER_LOOKUP);
      } else steps.add(s);
    }
    return new Op(OpKind.UMOUNT, mount, lazy, steps);
  }

  /**
   * put_mnt_ns of a namespace holding m0: umount_tree without UMOUNT_SYNC, then the variant's
   * teardown namespace_unlock sequence (no path reference, no return), then put_ipc_ns.
   */
  public static List<UpdaterStep> teardownSteps(LifetimeDesign v) {
    List<UpdaterStep> steps = new ArrayList<>();
    for (UpdaterStep s : v.teardownUmount()) {
      if (s == UpdaterStep.RETURN) continue;
      steps.add(s == UpdaterStep.LOCK ? UpdaterStep.TEARDOWN_LOCK : s);
    }
    steps.addAll(putIpcSteps(v));
    return steps;
  }

  /**
   * Mainline exit: the last nsproxy put tears everything down in the exiting task
   * (exit_nsproxy_namespaces), then exit_task_work and exit_notify (kernel/exit.c do_exit); a
   * design with exit_task_work first tears the namespaces down after it.
   */
  public static Op exitInline(LifetimeDesign v) {
    List<UpdaterStep> steps = new ArrayList<>();
    if (!v.exitTaskWorkLast()) steps.add(UpdaterStep.EXIT_TASK_WORK);
    steps.add(UpdaterStep.SWITCH_NS_INLINE);
    steps.addAll(teardownSteps(v));
    if (v.exitTaskWorkLast()) steps.add(UpdaterStep.EXIT_TASK_WORK);
    steps.add(UpdaterStep.EXIT_DONE);
    return new Op(OpKind.EXIT, 0, true, steps);
  }

  /** 2012 proposal: exit queues the nsproxy free and finishes. */
  public static Op exitQueueWork() {
    return new Op(
        OpKind.EXIT,
        0,
        true,
        List.of(
            UpdaterStep.SWITCH_NS_QUEUE_WORK, UpdaterStep.EXIT_TASK_WORK, UpdaterStep.EXIT_DONE));
  }

  /** The work item of the 2012 proposal: the same teardown in a kworker. */
  public static Op nsTeardown(LifetimeDesign v) {
    return new Op(OpKind.EXIT, 0, true, teardownSteps(v));
  }

  /**
   * The teardown of a mount namespace outside exit, as the variant's put_mnt_ns does it:
   * namespace_sem and lock_mount_hash, umount_tree, then namespace_unlock, which frees the emptied
   * namespace (free_mnt_ns) before its grace period (7.2; 6.12 frees it after namespace_unlock
   * returned), then the end of the close.
   */
  public static Op closeTearingDown(LifetimeDesign v, OpKind kind) {
    List<UpdaterStep> steps = new ArrayList<>();
    boolean freed = false;
    for (UpdaterStep s : v.teardownUmount()) {
      if (s == UpdaterStep.RETURN) continue;
      boolean unlockStarts =
          steps.contains(UpdaterStep.UMOUNT_TREE)
              && s != UpdaterStep.SNAPSHOT_GP
              && s != UpdaterStep.UMOUNT_TREE;
      if (unlockStarts && !freed && !v.freeMntNsAfterUnlock()) {
        steps.add(UpdaterStep.FREE_MNT_NS);
        freed = true;
      }
      steps.add(s == UpdaterStep.LOCK ? UpdaterStep.TEARDOWN_LOCK : s);
    }
    if (!freed) steps.add(UpdaterStep.FREE_MNT_NS);
    steps.add(UpdaterStep.CLOSE_RETURN);
    return new Op(kind, 0, true, steps);
  }

  /**
   * close(2) of the open_tree(OPEN_TREE_CLONE) file of m0 racing a move_mount of m0: on Linux 7.2
   * dissolve_on_fput's lockless anon_ns_root check (two steps: the READ_ONCE of mnt_ns, then the
   * dereference), then the teardown as {@link #closeTearingDown} has it (namespace_sem, the check
   * again, umount_tree, namespace_unlock, the file's mntput); 6.12 has only the locked part.
   */
  public static Op closeTreeFd(LifetimeDesign v) {
    List<UpdaterStep> steps = new ArrayList<>();
    if (v.dissolveCheck() != DissolveCheck.LOCKED) {
      steps.add(UpdaterStep.DISSOLVE_READ_NS);
      steps.add(UpdaterStep.DISSOLVE_CHECK);
    }
    steps.addAll(closeTearingDown(v, OpKind.CLOSE_TREE_FD).steps());
    return new Op(OpKind.CLOSE_TREE_FD, 0, true, steps);
  }

  /**
   * move_mount(2) of m0, the root of anonymous namespace ns0, through a second file on it:
   * attach_recursive_mnt empties ns0 and namespace_unlock frees it (free_mnt_ns; 6.12's
   * do_move_mount calls free_mnt_ns after unlock_mount), then the file is closed (mntput).
   */
  public static Op moveMount() {
    return new Op(
        OpKind.MOVE_MOUNT,
        0,
        false,
        List.of(UpdaterStep.MOVE_MOUNT_ATTACH, UpdaterStep.FREE_MNT_NS, UpdaterStep.CLOSE_RETURN));
  }

  /**
   * close(2) of an nsfs file of namespace 0 racing ns_get_unless_inactive readers: nsfs_evict's two
   * puts (fs/nsfs.c, Linux 7.2).
   */
  public static Op closeNsfsRacingGet() {
    return new Op(
        OpKind.CLOSE_NSFS_RACING_GET,
        -1,
        false,
        List.of(UpdaterStep.NSFS_ACTIVE_PUT, UpdaterStep.NSFS_REF_PUT));
  }

  /**
   * kern_unmount(9) of m0, a kern_mount'd mount (fs/namespace.c kern_unmount): mnt_make_shortterm,
   * synchronize_rcu (left out by a design without it), then the mntput of the long-term reference.
   */
  public static Op kernUnmount(LifetimeDesign v) {
    List<UpdaterStep> steps = new ArrayList<>();
    steps.add(UpdaterStep.KERN_UNMOUNT_SHORTTERM);
    if (v.kernUnmountGracePeriod()) steps.add(UpdaterStep.KERN_UNMOUNT_SYNC_RCU);
    steps.add(UpdaterStep.KERN_UNMOUNT_MNTPUT);
    return new Op(OpKind.KERN_UNMOUNT, 0, false, steps);
  }

  /**
   * mark_mounts_for_expiry of m0 in a kworker (fs/namespace.c): namespace_sem and lock_mount_hash,
   * propagate_mount_busy(m0, 1) and umount_tree with UMOUNT_SYNC (without it in a design that
   * leaves the flag out), then the design's namespace_unlock of a synchronous umount, and the end
   * of the work. The earlier pass's mnt_expiry_mark is taken as set: a mntput clears it, which only
   * puts the expiry off to a later pass.
   */
  public static Op expire(LifetimeDesign v) {
    List<UpdaterStep> steps = new ArrayList<>();
    for (UpdaterStep s : v.syncUmount()) {
      if (s == UpdaterStep.RETURN) continue;
      steps.add(s == UpdaterStep.LOCK ? UpdaterStep.TEARDOWN_LOCK : s);
    }
    steps.add(UpdaterStep.EXPIRE_DONE);
    return new Op(OpKind.EXPIRE, 0, !v.expiryUmountSync(), steps);
  }

  public static Op createIpc() {
    return new Op(
        OpKind.CREATE_IPC, -1, false, List.of(UpdaterStep.CREATE_IPC, UpdaterStep.FLUSH_RETRY));
  }

  public static Op putIpc(LifetimeDesign v) {
    return new Op(OpKind.PUT_IPC, -1, false, putIpcSteps(v));
  }

  static List<UpdaterStep> putIpcSteps(LifetimeDesign v) {
    return switch (v.ipcFree()) {
      case SYNC -> List.of(UpdaterStep.PUT_IPC_SYNC, UpdaterStep.FREE_IPC_SYNC);
      // ipc/namespace.c put_ipc_ns: the reference is dropped and the namespace leaves the ns tree
      // before llist_add/schedule_work queue its free, two steps another task can come between
      case WORK_ITEM -> List.of(UpdaterStep.PUT_IPC_DROP, UpdaterStep.PUT_IPC_RCU_WORK);
      case SERIAL, BATCHED -> List.of(UpdaterStep.PUT_IPC_DROP, UpdaterStep.PUT_IPC_QUEUE);
    };
  }
}
