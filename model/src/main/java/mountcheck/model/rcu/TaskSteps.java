package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps of tasks and task-like workers, one method per {@link UpdaterStep}:
 * path_umount/do_umount/umount_tree/namespace_unlock (fs/namespace.c), the 2023 RFC and 2025
 * deferrals, exit with free_nsproxy/put_mnt_ns (kernel/nsproxy.c), and create_ipc_ns/put_ipc_ns
 * (ipc/namespace.c). The labels are replay keys of the stored traces: keep them stable.
 */
final class TaskSteps {
  private TaskSteps() {}

  /** The task taking a step: its plan, its state, the operation and the working copy. */
  private record Task(
      Setup setup, RcuState s, int index, TaskSetup ts, TaskState st, Op op, Edit e) {
    int mount() {
      return op.mount();
    }

    String who() {
      return ts.name() + ": ";
    }

    /** The step index of {@code step} within the current operation. */
    int pcOf(UpdaterStep step) {
      return op.steps().indexOf(step);
    }
  }

  /**
   * What one step did to its task: the task's next state, the label, and the pc to continue at (-1
   * for the next step).
   */
  private record Done(TaskState next, String label, int jump) {
    static Done next(TaskState next, String label) {
      return new Done(next, label, -1);
    }
  }

  static Transition step(Setup setup, RcuState s, int t) {
    TaskSetup ts = setup.tasks().get(t);
    TaskState st = s.tasks().get(t);
    if (!st.active() || st.op() >= ts.ops().size()) return null;
    Op op = ts.ops().get(st.op());
    UpdaterStep kind = op.steps().get(st.pc());
    Task k = new Task(setup, s, t, ts, st, op, new Edit(setup, s));
    Done d =
        switch (kind) {
          case SNAPSHOT_GP -> snapshotGp(k);
          case LOCK -> umountLock(k);
          case PATH_LOOKUP -> pathLookup(k);
          case LOCK_AFTER_LOOKUP -> lockAfterLookup(k);
          case TEARDOWN_LOCK -> teardownLock(k);
          case UMOUNT_TREE -> umountTree(k);
          case SYNC_RCU_EXPEDITED -> synchronizeRcu(k, true);
          case SYNC_RCU -> synchronizeRcu(k, false);
          case COND_SYNC_RCU -> condSynchronizeRcu(k);
          case MNTPUT_VICTIMS -> mntputVictims(k);
          case CALL_RCU_VICTIMS -> deferVictims(k, false);
          case QUEUE_RCU_WORK_VICTIMS -> deferVictims(k, true);
          case RETURN -> umountReturn(k);
          case SWITCH_NS_INLINE -> switchNamespacesInline(k);
          case SWITCH_NS_QUEUE_WORK -> switchNamespacesQueueWork(k);
          case EXIT_TASK_WORK -> exitTaskWork(k);
          case EXIT_DONE -> exitDone(k);
          case FREE_MNT_NS -> freeMntNs(k);
          case CLOSE_RETURN -> closeReturn(k);
          case DISSOLVE_READ_NS -> dissolveReadNs(k);
          case DISSOLVE_CHECK -> dissolveCheck(k);
          case MOVE_MOUNT_ATTACH -> moveMountAttach(k);
          case NSFS_ACTIVE_PUT -> nsfsActivePut(k);
          case NSFS_REF_PUT -> nsfsRefPut(k);
          case CREATE_IPC -> createIpc(k, false);
          case FLUSH_RETRY -> createIpc(k, true);
          case PUT_IPC_DROP -> putIpcDrop(k);
          case PUT_IPC_QUEUE -> putIpcQueue(k);
          case PUT_IPC_RCU_WORK -> putIpcRcuWork(k);
          case PUT_IPC_SYNC -> putIpcSync(k);
          case FREE_IPC_SYNC -> freeIpcSync(k);
          case KERN_UNMOUNT_SHORTTERM -> kernUnmountShortterm(k);
          case KERN_UNMOUNT_SYNC_RCU -> kernUnmountSyncRcu(k);
          case KERN_UNMOUNT_MNTPUT -> kernUnmountMntput(k);
          case EXPIRE_DONE -> expireDone(k);
        };
    if (d == null) return null;
    Edit e = k.e();
    e.tasks.set(t, advance(ts, d.next(), d.jump()));
    return new Transition(d.label(), e.build(), e.events);
  }

  /** get_state_synchronize_rcu(): a polled snapshot; the grace period starts now. */
  private static Done snapshotGp(Task k) {
    int gp = k.e().newGp(k.ts().context(), "polled snapshot", true);
    return Done.next(
        k.st().withSnapshotGp(gp),
        k.who() + "get_state_synchronize_rcu: snapshot, grace period " + gp + " starts");
  }

  /** umount(2) entry: the path lookup's reference, namespace_sem, lock_mount_hash. */
  private static Done umountLock(Task k) {
    if (k.s().lockOwner() >= 0) return null;
    Edit e = k.e();
    e.lockOwner = k.index();
    e.seq++;
    int m = k.mount();
    RcuMount x = e.mounts.get(m);
    e.mounts.set(m, x.withCount(x.count() + 1));
    return Done.next(
        k.st().withPathRef(true),
        k.who()
            + "umount"
            + (k.op().lazy() ? " -l" : "")
            + " m"
            + m
            + ": path lookup (count "
            + (x.count() + 1)
            + "), namespace_sem, lock_mount_hash (seq "
            + e.seq
            + ")");
  }

  /**
   * umount(2)'s path lookup on its own: a reference on the mount while it is mounted in the
   * namespace; once another umount has detached it, the lookup no longer reaches it and do_umount
   * fails with EINVAL.
   */
  private static Done pathLookup(Task k) {
    Edit e = k.e();
    int m = k.mount();
    RcuMount x = e.mounts.get(m);
    String op = k.who() + "umount" + (k.op().lazy() ? " -l" : "") + " m" + m + ": path lookup";
    if (!x.inNamespace())
      return new Done(
          k.st().withResult(OpResult.EINVAL),
          op + ": m" + m + " is no longer mounted: EINVAL",
          k.pcOf(UpdaterStep.RETURN));
    e.mounts.set(m, x.withCount(x.count() + 1));
    return Done.next(k.st().withPathRef(true), op + " (count " + (x.count() + 1) + ")");
  }

  /** After the lookup: namespace_sem, lock_mount_hash. */
  private static Done lockAfterLookup(Task k) {
    if (k.s().lockOwner() >= 0) return null;
    Edit e = k.e();
    e.lockOwner = k.index();
    e.seq++;
    return Done.next(
        k.st(),
        k.who()
            + "umount"
            + (k.op().lazy() ? " -l" : "")
            + " m"
            + k.mount()
            + ": namespace_sem, lock_mount_hash (seq "
            + e.seq
            + ")");
  }

  /**
   * put_mnt_ns (at exit, or from the release of the last nsfs file: ns_ref_put of the last active
   * reference first) or dissolve_on_fput (anon_ns_root under rcu_read_lock first, then again under
   * namespace_sem): namespace_sem and lock_mount_hash, no path reference.
   */
  private static Done teardownLock(Task k) {
    if (k.s().lockOwner() >= 0 || namespaceSemHeld(k.setup(), k.s())) return null;
    Edit e = k.e();
    int ns = k.setup().namespaceOf(k.mount());
    if (k.op().kind() == OpKind.CLOSE_TREE_FD && e.mntNs(k.mount()) != ns) {
      // dissolve_on_fput's anon_ns_root again under namespace_sem: move_mount took the mount out
      // of its anonymous namespace (into ns1), so there is nothing to dissolve
      return new Done(
          k.st(),
          k.who()
              + "dissolve_on_fput: namespace_sem, anon_ns_root(m"
              + k.mount()
              + ") false (mnt_ns = ns"
              + e.mntNs(k.mount())
              + "), up_write(namespace_sem)",
          k.pcOf(UpdaterStep.CLOSE_RETURN));
    }
    e.lockOwner = k.index();
    e.seq++;
    String locks = "namespace_sem, lock_mount_hash (seq " + e.seq + ")";
    switch (k.op().kind()) {
      case CLOSE_TREE_FD -> {
        if (k.op().steps().contains(UpdaterStep.DISSOLVE_CHECK)) {
          // the check again, under namespace_sem (no grace period needed: the namespace is
          // freed only after namespace_sem is released)
          return Done.next(
              k.st(),
              k.who()
                  + "dissolve_on_fput: namespace_sem, anon_ns_root(m"
                  + k.mount()
                  + ") (ns"
                  + ns
                  + "), lock_mount_hash (seq "
                  + e.seq
                  + ")");
        }
        // dissolve_on_fput: the lockless anon_ns_root check is memory-safe under rcu_read_lock
        e.touchNs(k.ts().name(), ns, "dissolve_on_fput: anon_ns_root");
        if (k.setup().design().dissolveCheck() == DissolveCheck.LOCKED)
          // 6.12's dissolve_on_fput: mnt_ns and is_anon_ns read under both locks only
          return Done.next(
              k.st(),
              k.who()
                  + "close open_tree fd: __fput: dissolve_on_fput: "
                  + locks
                  + ", m"
                  + k.mount()
                  + "->mnt_ns = ns"
                  + ns
                  + ", is_anon_ns");
        return Done.next(
            k.st(),
            k.who()
                + "close open_tree fd: __fput: dissolve_on_fput: rcu_read_lock, anon_ns_root(m"
                + k.mount()
                + ") (ns"
                + ns
                + "), rcu_read_unlock; "
                + locks);
      }
      case CLOSE_NSFS -> {
        RcuNamespace x = e.namespaces.get(ns);
        e.namespaces.set(ns, x.withActive(x.active() - 1).withActiveUsers(x.activeUsers() - 1));
        return Done.next(
            k.st(),
            k.who()
                + "close nsfs fd: nsfs_evict: put_mnt_ns: last active reference of ns"
                + ns
                + ", "
                + locks);
      }
      case EXPIRE -> {
        return Done.next(k.st(), k.who() + "mark_mounts_for_expiry: " + locks);
      }
      default -> {
        return Done.next(k.st(), k.who() + "put_mnt_ns: " + locks);
      }
    }
  }

  /**
   * nsfs_evict's first half (fs/nsfs.c, Linux 7.2): __ns_ref_active_put of namespace 0, the one the
   * ns-get scenario's nsfs file is on.
   */
  private static Done nsfsActivePut(Task k) {
    Edit e = k.e();
    RcuNamespace x = e.namespaces.get(0);
    int left = x.activeUsers() - 1;
    e.namespaces.set(0, x.withActiveUsers(left));
    return Done.next(
        k.st(),
        k.who()
            + "close nsfs fd: nsfs_evict: __ns_ref_active_put(ns0) ("
            + left
            + (left == 0 ? ", inactive)" : ")"));
  }

  /** nsfs_evict's second half: ns->ops->put, then the close returns to user space. */
  private static Done nsfsRefPut(Task k) {
    StringBuilder sb = new StringBuilder(k.who()).append("nsfs_evict: ns->ops->put: ");
    NsRefPut.put(k.e(), 0, k.ts().name(), false, sb);
    sb.append("; close returns, return to user space");
    return Done.next(k.st(), sb.toString());
  }

  /**
   * namespace_unlock with an emptied namespace: up_write(namespace_sem), then free_mnt_ns: the
   * ucount, mnt_ns_tree_remove (out of the namespace tree), and the tree's passive reference
   * dropped by call_rcu(mnt_ns_release_rcu), or at once without the RCU delay. In 6.12 free_mnt_ns
   * runs after namespace_unlock returned, its tree removal under mnt_ns_tree_lock.
   */
  private static Done freeMntNs(Task k) {
    StringBuilder sb = new StringBuilder(k.who());
    NsRefPut.freeMntNs(k.e(), k.setup().namespaceOf(k.mount()), k.ts().name(), sb);
    return Done.next(k.st(), sb.toString());
  }

  /**
   * The end of a close that tore a tree down: __fput's mntput of the file's own reference
   * (open_tree fd), then the return to user space, where task_work runs cleanup_mnt.
   */
  private static Done closeReturn(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    int m = k.mount();
    RcuMount x = e.mounts.get(m);
    // a mount still in a namespace (move_mount took it into ns1): mntput_no_expire's fast path,
    // in two steps (rcu_read_lock and the mnt_ns test, then the decrement and rcu_read_unlock)
    if (st.pathRef() && !st.fastPut() && x.inNamespace())
      return new Done(
          st.withFastPut(true),
          k.who() + "__fput: mntput m" + m + ": rcu_read_lock, mnt_ns set: fast path",
          st.pc());
    if (st.pathRef() && !st.fastPut() && k.s().lockOwner() >= 0) return null;
    List<Integer> work = new ArrayList<>(st.taskWork());
    StringBuilder sb = new StringBuilder(k.who());
    if (st.fastPut()) {
      sb.append("__fput: mntput m").append(m).append(" fast path: count-- (");
      sb.append(e.fastPut(k.ts().name(), m)).append("), rcu_read_unlock, ");
      e.taskLeft(k.index());
    } else if (st.pathRef()) {
      boolean last = e.put(m);
      sb.append("__fput: mntput m").append(m).append(" (count ");
      sb.append(e.mounts.get(m).count()).append("), ");
      if (last) work.add(m);
    }
    String what =
        switch (k.op().kind()) {
          case CLOSE_TREE_FD -> "open_tree fd";
          case MOVE_MOUNT -> "second fd";
          default -> "nsfs fd";
        };
    sb.append("close of the ").append(what).append(" returns, return to user space");
    runTaskWork(e, work, sb);
    // the promise is about a close that tore the tree down (umount_tree ran: result OK)
    if (k.op().kind() != OpKind.MOVE_MOUNT && st.result() == OpResult.OK)
      e.events.add(
          new RcuEvent.CloseReturned(
              k.ts().name(),
              "close of the " + what,
              m,
              usersAtDetach(e, m),
              e.lookupsInFlight(m),
              e.mounts.get(m).shutDown()));
    return Done.next(
        st.withPathRef(false).withFastPut(false).withTaskWork(List.of()), sb.toString());
  }

  /**
   * dissolve_on_fput's lockless check, first half (fs/namespace.c dissolve_on_fput, fs/mount.h
   * anon_ns_root, Linux 7.2): rcu_read_lock (not in the planted design), READ_ONCE(m->mnt_ns). A
   * NULL ends the dissolve at once.
   */
  private static Done dissolveReadNs(Task k) {
    Edit e = k.e();
    int m = k.mount();
    int ns = e.mntNs(m);
    boolean rcu = k.setup().design().dissolveCheck() == DissolveCheck.UNDER_RCU;
    String prefix =
        k.who()
            + "close open_tree fd: __fput: dissolve_on_fput: "
            + (rcu ? "rcu_read_lock, " : "no rcu_read_lock, ")
            + "anon_ns_root: READ_ONCE(m"
            + m
            + "->mnt_ns) = ";
    if (ns < 0)
      return new Done(
          k.st(),
          prefix + "NULL" + (rcu ? ", rcu_read_unlock" : "") + ": nothing to dissolve",
          k.pcOf(UpdaterStep.CLOSE_RETURN));
    return Done.next(k.st().withLocklessNs(ns), prefix + "ns" + ns);
  }

  /**
   * dissolve_on_fput's lockless check, second half: is_anon_ns and ns->root read through the
   * pointer, rcu_read_unlock. Not an anonymous namespace (move_mount took the mount into ns1): the
   * dissolve ends, on to the file's mntput. A namespace read before the move still names the mount
   * as its root: the check under namespace_sem decides.
   */
  private static Done dissolveCheck(Task k) {
    Edit e = k.e();
    int m = k.mount();
    int ns = k.st().locklessNs();
    boolean rcu = e.insideDissolveCheck(k.index());
    e.touchNs(k.ts().name(), ns, "dissolve_on_fput: anon_ns_root: is_anon_ns");
    if (rcu) e.taskLeft(k.index());
    String unlock = rcu ? ", rcu_read_unlock" : "";
    TaskState next = k.st().withLocklessNs(-1);
    if (!e.namespaces.get(ns).anon())
      return new Done(
          next,
          k.who()
              + "is_anon_ns(ns"
              + ns
              + ") false"
              + unlock
              + ": m"
              + m
              + " was moved out, nothing to dissolve",
          k.pcOf(UpdaterStep.CLOSE_RETURN));
    return Done.next(
        next, k.who() + "is_anon_ns(ns" + ns + "), ns" + ns + "->root == m" + m + unlock);
  }

  /**
   * move_mount(2) of m0 through t1's second file (fs/namespace.c do_move_mount, Linux 7.2):
   * lock_mount takes namespace_sem; the source is not in the caller's namespace, so it must be the
   * root of an anonymous namespace (anon_ns_root under namespace_sem), else EINVAL;
   * attach_recursive_mnt takes lock_mount_hash, takes the mounts out of the anonymous namespace
   * (move_from_ns, emptied_ns = the namespace), attaches and hashes them in ns1 (commit_tree), and
   * drops lock_mount_hash. namespace_unlock (the next step) frees the emptied namespace.
   */
  private static Done moveMountAttach(Task k) {
    if (k.s().lockOwner() >= 0 || namespaceSemHeld(k.setup(), k.s())) return null;
    Edit e = k.e();
    int m = k.mount();
    int ns = e.mntNs(m);
    String prefix = k.who() + "move_mount m" + m + " (second fd): namespace_sem, do_move_mount: ";
    if (ns < 0 || !e.namespaces.get(ns).anon())
      return new Done(
          k.st().withResult(OpResult.EINVAL),
          prefix
              + "m"
              + m
              + " is no anonymous namespace's root (mnt_ns "
              + (ns < 0 ? "NULL" : "ns" + ns)
              + "): EINVAL, namespace_unlock",
          k.pcOf(UpdaterStep.CLOSE_RETURN));
    e.seq += 2;
    e.namespaces.set(ns, e.namespaces.get(ns).withEmptied());
    e.mounts.set(m, e.mounts.get(m).moved());
    return Done.next(
        k.st().withResult(OpResult.OK),
        prefix
            + "m"
            + m
            + " is the root of anonymous ns"
            + ns
            + ", attach_recursive_mnt: lock_mount_hash, move_from_ns, commit_tree: m"
            + m
            + " into ns"
            + k.setup().movedInto()
            + ", emptied_ns = ns"
            + ns
            + ", unlock_mount_hash (seq "
            + e.seq
            + ")");
  }

  /**
   * do_umount's barrier and busy check (without MNT_DETACH), then umount_tree: unhash, mnt_ns =
   * NULL, MNT_SYNC_UMOUNT when not lazy; unlock_mount_hash.
   */
  private static Done umountTree(Task k) {
    Edit e = k.e();
    int m = k.mount();
    RcuMount x = e.mounts.get(m);
    boolean sync = !k.op().lazy();
    e.seq++;
    e.lockOwner = -1;
    if (k.op().kind() == OpKind.UMOUNT && (!x.inNamespace() || k.setup().locked(m))) {
      // do_umount: check_mnt fails once another umount detached it; a locked mount goes only
      // with its parent
      return new Done(
          k.st().withResult(OpResult.EINVAL),
          k.who()
              + "do_umount m"
              + m
              + ": "
              + (x.inNamespace() ? "MNT_LOCKED" : "no longer mounted (mnt_ns NULL)")
              + ": EINVAL, unlock_mount_hash (seq "
              + e.seq
              + ")",
          k.pcOf(UpdaterStep.RETURN));
    }
    // do_umount without MNT_DETACH: propagate_mount_busy(mnt, 2) (fs/pnode.c) refuses a mount
    // with children on its mnt_mounts before it tests the count; mark_mounts_for_expiry asks
    // propagate_mount_busy(mnt, 1): only the parent's reference, no path lookup of its own
    boolean expire = k.op().kind() == OpKind.EXPIRE;
    int refs = expire ? 1 : 2;
    int child = firstChild(e, m);
    if ((sync || expire) && (child >= 0 || x.count() > refs)) {
      String busy =
          (child >= 0 ? "m" + child + " mounted on it" : "count " + x.count() + " > " + refs);
      return new Done(
          k.st().withResult(OpResult.EBUSY),
          k.who()
              + (expire
                  ? "mark_mounts_for_expiry: propagate_mount_busy(m"
                      + m
                      + ", 1): busy ("
                      + busy
                      + "), left for a later pass"
                  : "do_umount: smp_mb, busy (" + busy + "): EBUSY")
              + ", unlock_mount_hash (seq "
              + e.seq
              + ")",
          k.pcOf(expire ? UpdaterStep.EXPIRE_DONE : UpdaterStep.RETURN));
    }
    int users = e.legitimateUsers(m);
    for (int c = 0; c < e.mounts.size(); c++) {
      RcuMount y = e.mounts.get(c);
      // users of a child that stays connected use the detached tree (a .. walk reaches m)
      if (c != m && y.parent() == m && y.inNamespace() && !sync && k.setup().locked(c))
        users += e.legitimateUsers(c);
    }
    e.mounts.set(m, x.detached(sync, users));
    int ns = k.setup().namespaceOf(m);
    if (ns >= 0) e.namespaces.set(ns, e.namespaces.get(ns).withEmptied());
    // the children mounted on m go with it: disconnected and among the victims, except a locked
    // child of a lazy umount, which stays connected and hashed (disconnect_mount)
    List<Integer> victims = new ArrayList<>(List.of(m));
    StringBuilder children = new StringBuilder();
    for (int c = 0; c < e.mounts.size(); c++) {
      RcuMount y = e.mounts.get(c);
      if (c == m || y.parent() != m || !y.inNamespace()) continue;
      if (!sync && k.setup().locked(c)) {
        e.mounts.set(c, y.leftConnected(e.legitimateUsers(c)));
        children.append(", m").append(c).append(" (MNT_LOCKED) stays connected");
      } else {
        // __umount_mnt takes each disconnected child out of the mount hash
        // (hlist_del_init_rcu), so a walker still inside m cannot cross into it
        boolean unhash = k.setup().design().umountUnhashesChildren();
        int childUsers = e.legitimateUsers(c);
        e.mounts.set(
            c, unhash ? y.detached(sync, childUsers) : y.detachedLeftInHash(sync, childUsers));
        victims.add(c);
        children.append(", m").append(c).append(unhash ? "" : " (left in the hash)");
      }
    }
    String check =
        expire
            ? "mark_mounts_for_expiry: marked, propagate_mount_busy(m" + m + ", 1): not busy, "
            : sync ? "do_umount: smp_mb, not busy (count " + x.count() + "), " : "";
    return Done.next(
        k.st().withResult(OpResult.OK).withVictims(victims),
        k.who()
            + check
            + "umount_tree m"
            + m
            + children
            + ": unhash, mnt_ns = NULL"
            + (sync ? ", MNT_SYNC_UMOUNT" : "")
            + "; unlock_mount_hash (seq "
            + e.seq
            + ")");
  }

  /** A mount on m's mnt_mounts (mounted on it and not yet unhashed from it), or -1. */
  private static int firstChild(Edit e, int m) {
    for (int c = 0; c < e.mounts.size(); c++) if (c != m && e.mounts.get(c).parent() == m) return c;
    return -1;
  }

  /** namespace_unlock: synchronize_rcu_expedited() or synchronize_rcu(); the task waits. */
  private static Done synchronizeRcu(Task k, boolean expedited) {
    String call = expedited ? "synchronize_rcu_expedited" : "synchronize_rcu";
    int gp = k.e().newGp(k.ts().context(), call, expedited);
    return Done.next(
        k.st().withWaitGp(gp),
        k.who() + "namespace_unlock: " + call + ", grace period " + gp + " starts, waiting");
  }

  /** namespace_unlock: cond_synchronize_rcu_expedited(snapshot) waits only if not elapsed. */
  private static Done condSynchronizeRcu(Task k) {
    int snap = k.st().snapshotGp();
    String prefix = k.who() + "namespace_unlock: cond_synchronize_rcu_expedited: ";
    if (k.e().gpDone(snap))
      return Done.next(
          k.st().withWaitGp(-1).withSnapshotGp(-1),
          prefix + "grace period " + snap + " already ended, no wait");
    return Done.next(
        k.st().withWaitGp(snap).withSnapshotGp(-1), prefix + "waiting for grace period " + snap);
  }

  /**
   * After the grace period: mntput of every victim. The final put queues cleanup_mnt to the
   * caller's task_work, or to delayed_mntput_work in a kernel thread (mntput_no_expire).
   */
  private static Done mntputVictims(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    if (st.waitGp() >= 0 && !e.gpDone(st.waitGp())) return null;
    if (k.s().lockOwner() >= 0) return null;
    if (st.waitGp() >= 0)
      e.events.add(new RcuEvent.GpWaited(k.ts().name(), k.ts().context(), st.waitGp(), true));
    boolean kernelThread = k.ts().context() == Context.WORKER;
    // after exit_task_work, task_work_add fails and the put falls back to delayed_mntput_work
    boolean exited = !kernelThread && taskWorkExited(k.setup(), k.s(), k.index());
    List<Integer> work = new ArrayList<>(st.taskWork());
    StringBuilder sb = new StringBuilder(k.who());
    sb.append(st.waitGp() >= 0 ? "grace period " + st.waitGp() + " over: " : "");
    for (int i = 0; i < st.victims().size(); i++) {
      int v = st.victims().get(i);
      boolean last = e.put(v);
      sb.append(i == 0 ? "" : "; ")
          .append("mntput m")
          .append(v)
          .append(" (count ")
          .append(e.mounts.get(v).count());
      sb.append(")");
      if (last) {
        if (kernelThread || exited) {
          e.delayed.add(v);
          sb.append(", final: ");
          if (exited) sb.append("task_work_add fails (task_work closed), ");
          sb.append("cleanup_mnt queued to delayed_mntput_work");
        } else {
          work.add(v);
          sb.append(", final: cleanup_mnt queued to task_work");
        }
      }
    }
    return Done.next(st.withWaitGp(-1).withVictims(List.of()).withTaskWork(work), sb.toString());
  }

  /** namespace_unlock defers the victims' mntput: call_rcu (2023 RFC) or queue_rcu_work. */
  private static Done deferVictims(Task k, boolean workItem) {
    TaskState st = k.st();
    Edit e = k.e();
    int gp = e.newGp(Context.WORKER, workItem ? "queue_rcu_work" : "call_rcu", false);
    e.callbacksForUpdate()
        .add(
            new Callback(
                workItem ? CallbackKind.PUT_VICTIMS_WORK : CallbackKind.PUT_VICTIMS_CALLBACK,
                gp,
                st.victims()));
    return Done.next(
        st.withVictims(List.of()),
        k.who()
            + "namespace_unlock: "
            + (workItem ? "queue_rcu_work" : "call_rcu")
            + "(mntput "
            + victims(st.victims())
            + "), grace period "
            + gp
            + " starts, no wait");
  }

  /**
   * path_put of the lookup's reference, return to user space, task_work runs cleanup_mnt. The put
   * of a mount still in its namespace (do_umount failed) is mntput_no_expire's fast path, in two
   * steps: rcu_read_lock and the mnt_ns test, then the decrement and rcu_read_unlock.
   */
  private static Done umountReturn(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    int m = k.mount();
    RcuMount x = e.mounts.get(m);
    if (st.pathRef() && !st.fastPut() && x.inNamespace())
      return new Done(
          st.withFastPut(true),
          k.who() + "path_put m" + m + ": mntput: rcu_read_lock, mnt_ns set: fast path",
          k.st().pc());
    if (st.pathRef() && !st.fastPut() && k.s().lockOwner() >= 0) return null;
    List<Integer> work = new ArrayList<>(st.taskWork());
    StringBuilder sb = new StringBuilder(k.who());
    if (st.fastPut()) {
      sb.append("path_put m").append(m).append(": mntput fast path: count-- (");
      sb.append(e.fastPut(k.ts().name(), m)).append("), rcu_read_unlock, ");
      e.taskLeft(k.index());
      e.tasks.set(k.index(), st.withFastPut(false)); // out of its section before task_work
    } else if (st.pathRef()) {
      boolean last = e.put(m);
      sb.append("path_put m").append(m).append(" (count ");
      sb.append(e.mounts.get(m).count()).append("), ");
      if (last) work.add(m);
    }
    sb.append("umount returns ").append(st.result() == OpResult.OK ? "0" : st.result().name());
    sb.append(", return to user space");
    runTaskWork(e, work, sb);
    RcuMount after = e.mounts.get(m);
    e.events.add(
        new RcuEvent.UmountReturned(
            k.ts().name(),
            m,
            k.op().lazy(),
            st.result(),
            usersAtDetach(e, m),
            e.lookupsInFlight(m),
            after.shutDown()));
    return Done.next(
        st.withPathRef(false)
            .withFastPut(false)
            .withWaitGp(-1)
            .withSnapshotGp(-1)
            .withVictims(List.of())
            .withTaskWork(List.of()),
        sb.toString());
  }

  /** Exit, mainline: the last nsproxy put tears the namespaces down in the exiting task. */
  private static Done switchNamespacesInline(Task k) {
    return Done.next(
        k.st(),
        k.who() + "exit: switch_task_namespaces(NULL), last nsproxy put: free_nsproxy inline");
  }

  /** Exit, 2012 proposal: the last nsproxy put queues the teardown to a worker. */
  private static Done switchNamespacesQueueWork(Task k) {
    Edit e = k.e();
    int w = k.setup().queuedWorker();
    e.tasks.set(w, e.tasks.get(w).woken(k.st().holdsIpc()));
    return Done.next(
        k.st().withHoldsIpc(false),
        k.who()
            + "exit: switch_task_namespaces(NULL), last nsproxy put: free_nsproxy queued to "
            + k.setup().tasks().get(w).name());
  }

  /**
   * exit_task_work runs the queued cleanup_mnt, then closes the list: from now on task_work_add on
   * this task fails, and a final mntput in its context goes to delayed_mntput_work.
   */
  private static Done exitTaskWork(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    if (k.s().lockOwner() >= 0 && !st.taskWork().isEmpty()) return null;
    StringBuilder sb = new StringBuilder(k.who()).append("exit_task_work");
    runTaskWork(e, new ArrayList<>(st.taskWork()), sb);
    sb.append(", task_work closed");
    return Done.next(st.withTaskWork(List.of()), sb.toString());
  }

  /**
   * Whether task t has passed exit_task_work: task_work_add on it fails (-ESRCH), so
   * mntput_no_expire_slowpath falls back to delayed_mntput_work.
   */
  static boolean taskWorkExited(Setup setup, RcuState s, int t) {
    TaskState st = s.tasks().get(t);
    List<Op> ops = setup.tasks().get(t).ops();
    if (st.op() >= ops.size()) return true;
    int at = ops.get(st.op()).steps().indexOf(UpdaterStep.EXIT_TASK_WORK);
    return at >= 0 && at < st.pc();
  }

  /** exit_notify: the parent can reap the task. */
  private static Done exitDone(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    StringBuilder sb = new StringBuilder(k.who()).append("exit_notify: the parent can reap");
    int m = k.mount();
    RcuMount after = e.mounts.get(m);
    e.events.add(
        new RcuEvent.ExitReaped(
            k.ts().name(), m, usersAtDetach(e, m), e.lookupsInFlight(m), after.shutDown()));
    return Done.next(st.withTaskWork(List.of()), sb.toString());
  }

  /**
   * create_ipc_ns charges the ucount; at the limit it calls flush_work(&free_ipc_work) and, when
   * that waited, tries again, for as long as each flush finds a free queued or running (the goto
   * again loop of a80c4adcb574); a flush that finds none fails the create with ENOSPC. flush_work
   * waits only for the runs of the free work queued or running when it is called ({@link
   * TaskState#flushRuns}): a namespace put after that is not waited for.
   */
  private static Done createIpc(Task k, boolean retry) {
    Edit e = k.e();
    IpcState ipc = e.ipc;
    int limit = k.setup().ipcLimit();
    if (retry && k.st().flushRuns() > 0) return null; // flush_work still waits
    String prefix =
        k.who() + (retry ? "flush_work returned, create_ipc_ns retries: " : "create_ipc_ns: ");
    int end = k.op().steps().size();
    if (ipc.charged() < limit) {
      e.ipc = ipc.withLive(ipc.live() + 1).withCharged(ipc.charged() + 1);
      e.events.add(new RcuEvent.IpcCreated(k.ts().name()));
      return new Done(
          k.st().withResult(OpResult.OK).withHoldsIpc(true),
          prefix + "ucount " + (ipc.charged() + 1) + "/" + limit + ", created",
          end);
    }
    int runs = KernelSteps.ipcFreeRunsPending(e);
    if (k.setup().design().createFlushes() && runs > 0)
      return new Done(
          k.st().withFlushRuns(runs),
          prefix
              + "ucount at limit ("
              + ipc.charged()
              + "/"
              + limit
              + "), flush_work(free_ipc_work) waits for "
              + (runs == 1 ? "the free queued now" : runs + " frees queued now"),
          k.pcOf(UpdaterStep.FLUSH_RETRY));
    e.events.add(new RcuEvent.Enospc(k.ts().name(), ipc.live(), midPut(k.setup(), k.s()), limit));
    return new Done(
        k.st().withResult(OpResult.ENOSPC),
        prefix
            + "ucount at limit ("
            + ipc.charged()
            + "/"
            + limit
            + "): "
            + (retry && k.setup().design().createFlushes() ? "flush_work finds no free, " : "")
            + "ENOSPC with "
            + ipc.live()
            + " in use",
        end);
  }

  /**
   * put_ipc_ns's first half (ipc/namespace.c): the last reference dropped under mq_lock,
   * mq_clear_sbinfo, the namespace out of the ns tree; still charged, on no free list yet.
   */
  private static Done putIpcDrop(Task k) {
    Edit e = k.e();
    e.ipc = e.ipc.withLive(e.ipc.live() - 1);
    return Done.next(
        k.st().withHoldsIpc(false),
        k.who() + "put_ipc_ns: last reference dropped, mq_clear_sbinfo, out of the ns tree");
  }

  /** put_ipc_ns, batched: onto the free list; schedule_work(free_ipc_work) if it was empty. */
  private static Done putIpcQueue(Task k) {
    Edit e = k.e();
    IpcState ipc = e.ipc;
    IpcWorker w = ipc.worker();
    boolean schedule = ipc.queued() == 0 && w != IpcWorker.PENDING;
    IpcWorker nw =
        !schedule ? w : (w == IpcWorker.IDLE ? IpcWorker.PENDING : IpcWorker.RUNNING_AND_PENDING);
    if (w == IpcWorker.RUNNING_AND_PENDING) nw = w;
    e.ipc =
        new IpcState(ipc.live(), ipc.queued() + 1, ipc.batch(), ipc.charged(), nw, ipc.workerGp());
    return Done.next(
        k.st(),
        k.who()
            + "put_ipc_ns: llist_add onto the free list"
            + (nw != w ? ", schedule_work(free_ipc_work)" : ""));
  }

  /**
   * put_ipc_ns, one work item per namespace: mnt_make_shortterm of its mqueue mount, then
   * queue_rcu_work(free_ipc_ns).
   */
  private static Done putIpcRcuWork(Task k) {
    Edit e = k.e();
    int mq = k.setup().mqMount();
    if (mq >= 0) e.makeShortterm(mq);
    int gp = e.newGp(Context.WORKER, "ipc rcu_work", false);
    e.callbacksForUpdate()
        .add(new Callback(CallbackKind.FREE_IPC_WORK, gp, mq >= 0 ? List.of(mq) : List.of()));
    return Done.next(
        k.st(),
        k.who() + "put_ipc_ns: queue_rcu_work(free_ipc_ns), grace period " + gp + " starts");
  }

  /**
   * put_ipc_ns, before the work queue: mq_put_mnt, kern_unmount: mnt_make_shortterm, then its
   * synchronize_rcu inline (none in kern-unmount-without-gp).
   */
  private static Done putIpcSync(Task k) {
    Edit e = k.e();
    int mq = k.setup().mqMount();
    if (mq >= 0) e.makeShortterm(mq);
    e.ipc = e.ipc.withLive(e.ipc.live() - 1);
    if (!k.setup().design().ipcGracePeriod())
      return Done.next(
          k.st().withHoldsIpc(false).withWaitGp(-1),
          k.who()
              + "put_ipc_ns: last reference, mq_put_mnt: kern_unmount: mnt_make_shortterm, no"
              + " grace period");
    int gp = e.newGp(k.ts().context(), "kern_unmount synchronize_rcu", false);
    return Done.next(
        k.st().withHoldsIpc(false).withWaitGp(gp),
        k.who()
            + "put_ipc_ns: last reference, mq_put_mnt: kern_unmount: synchronize_rcu, grace"
            + " period "
            + gp
            + " starts, waiting");
  }

  /** After the caller's grace period: kern_unmount's mntput, free_ipc_ns releases the ucount. */
  private static Done freeIpcSync(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    int mq = k.setup().mqMount();
    if (!e.gpDone(st.waitGp())) return null;
    if (mq >= 0 && k.s().lockOwner() >= 0) return null; // mntput's slow path takes mount_lock
    if (st.waitGp() >= 0)
      e.events.add(new RcuEvent.GpWaited(k.ts().name(), k.ts().context(), st.waitGp(), false));
    StringBuilder sb = new StringBuilder(k.who());
    sb.append(st.waitGp() >= 0 ? "grace period " + st.waitGp() + " over: " : "");
    sb.append("free_ipc_ns (ucount ").append(e.ipc.charged() - 1).append(")");
    if (mq >= 0) e.putInternal(mq, k.ts().context(), sb);
    e.ipc = e.ipc.withCharged(e.ipc.charged() - 1);
    return Done.next(st.withWaitGp(-1), sb.toString());
  }

  /**
   * kern_unmount's first statement (fs/namespace.c kern_unmount, mnt_make_shortterm): mnt_ns =
   * NULL, so every mntput that reads it from now on takes the slow path.
   */
  private static Done kernUnmountShortterm(Task k) {
    k.e().makeShortterm(k.mount());
    return Done.next(
        k.st(), k.who() + "kern_unmount m" + k.mount() + ": mnt_make_shortterm (mnt_ns = NULL)");
  }

  /**
   * kern_unmount's synchronize_rcu: a grace period starts, and the caller waits for every fast path
   * that saw mnt_ns set before mnt_make_shortterm to finish its decrement.
   */
  private static Done kernUnmountSyncRcu(Task k) {
    int gp = k.e().newGp(k.ts().context(), "kern_unmount synchronize_rcu", false);
    return Done.next(
        k.st().withWaitGp(gp),
        k.who() + "kern_unmount: synchronize_rcu, grace period " + gp + " starts, waiting");
  }

  /**
   * kern_unmount's mntput of the long-term reference after the grace period: the slow path
   * (mntput_no_expire_slowpath: lock_mount_hash, the decrement); the final put marks MNT_DOOMED
   * and, the mount being MNT_INTERNAL, runs cleanup_mnt inline before kern_unmount returns.
   * Otherwise the last holder's close runs it later, in that holder's context.
   */
  private static Done kernUnmountMntput(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    if (st.waitGp() >= 0 && !e.gpDone(st.waitGp())) return null;
    if (k.s().lockOwner() >= 0) return null; // the slow path takes mount_lock
    if (st.waitGp() >= 0)
      e.events.add(new RcuEvent.GpWaited(k.ts().name(), k.ts().context(), st.waitGp(), false));
    int m = k.mount();
    StringBuilder sb = new StringBuilder(k.who());
    sb.append(st.waitGp() >= 0 ? "grace period " + st.waitGp() + " over: " : "");
    sb.append("kern_unmount");
    e.putInternal(m, k.ts().context(), sb);
    sb.append(", kern_unmount returns");
    RcuMount after = e.mounts.get(m);
    e.events.add(
        new RcuEvent.KernUnmountReturned(k.ts().name(), m, e.legitimateUsers(m), after.shutDown()));
    return Done.next(st.withWaitGp(-1), sb.toString());
  }

  /**
   * The end of the expiring work (mark_mounts_for_expiry returns after namespace_unlock): no task
   * waits for it in user space. What it owes instead is that the unmounted mount's cleanup is left
   * to kernel workers: done, or queued to delayed_mntput_work by its own final mntput.
   */
  private static Done expireDone(Task k) {
    TaskState st = k.st();
    Edit e = k.e();
    int m = k.mount();
    RcuMount x = e.mounts.get(m);
    boolean handedOn = x.shutDown() || e.delayed.list().contains(m);
    e.events.add(
        new RcuEvent.ExpiryDone(k.ts().name(), m, st.result(), usersAtDetach(e, m), handedOn));
    String what =
        st.result() == OpResult.OK
            ? handedOn
                ? "m" + m + "'s cleanup_mnt " + (x.shutDown() ? "done" : "on delayed_mntput_work")
                : "m" + m + "'s final reference elsewhere"
            : "m" + m + " left mounted";
    return Done.next(
        st.withWaitGp(-1).withSnapshotGp(-1).withVictims(List.of()),
        k.who() + "mark_mounts_for_expiry returns, the expiry work ends (" + what + ")");
  }

  /**
   * Namespaces in the middle of put_ipc_ns: their last reference is dropped and their put has not
   * returned (not yet queued for the free, or, freed in the caller, waiting in kern_unmount).
   */
  private static int midPut(Setup setup, RcuState s) {
    int n = 0;
    for (int t = 0; t < s.tasks().size(); t++) {
      TaskState st = s.tasks().get(t);
      List<Op> ops = setup.tasks().get(t).ops();
      if (!st.active() || st.op() >= ops.size()) continue;
      switch (ops.get(st.op()).steps().get(st.pc())) {
        case PUT_IPC_QUEUE, PUT_IPC_RCU_WORK, FREE_IPC_SYNC -> n++;
        default -> {}
      }
    }
    return n;
  }

  /**
   * A task holds namespace_sem for writing: it took it with umount_tree's locks and has not reached
   * namespace_unlock's up_write yet.
   */
  static boolean namespaceSemHeld(Setup setup, RcuState s) {
    for (int t = 0; t < s.tasks().size(); t++) {
      TaskState st = s.tasks().get(t);
      List<Op> ops = setup.tasks().get(t).ops();
      if (!st.active() || st.op() >= ops.size()) continue;
      UpdaterStep next = ops.get(st.op()).steps().get(st.pc());
      if (next == UpdaterStep.UMOUNT_TREE) return true;
      // 7.2's namespace_unlock calls free_mnt_ns in the step that drops namespace_sem
      if (next == UpdaterStep.FREE_MNT_NS && !setup.design().freeMntNsAfterUnlock()) return true;
    }
    return false;
  }

  /** Other users of m when it was detached (holders, legitimized readers), or now if attached. */
  private static int usersAtDetach(Edit e, int m) {
    RcuMount x = e.mounts.get(m);
    return x.usersAtDetach() < 0 ? e.legitimateUsers(m) : x.usersAtDetach();
  }

  /** Runs queued cleanup_mnt work in the calling task (task_work on return or at exit). */
  private static void runTaskWork(Edit e, List<Integer> work, StringBuilder sb) {
    for (int v : work) {
      sb.append(", task_work: cleanup_mnt m").append(v).append(e.cleanup(v, Context.CALLER));
      sb.append(e.superblockNote(v));
    }
  }

  private static String victims(List<Integer> vs) {
    StringBuilder sb = new StringBuilder();
    for (int v : vs) sb.append(sb.length() == 0 ? "" : " ").append("m").append(v);
    return sb.toString();
  }

  /** Moves to the next step, or to {@code jump}; past the last step, on to the next operation. */
  private static TaskState advance(TaskSetup ts, TaskState st, int jump) {
    int pc = jump >= 0 ? jump : st.pc() + 1;
    int op = st.op();
    OpResult result = st.result();
    if (pc >= ts.ops().get(op).steps().size()) {
      op++;
      pc = 0;
      result = OpResult.PENDING;
      // nothing to put after a failed create
      while (op < ts.ops().size() && ts.ops().get(op).kind() == OpKind.PUT_IPC && !st.holdsIpc())
        op++;
    }
    return st.at(op, pc, result);
  }
}
