package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps of tasks and task-like workers, each interpreting one {@link UpdaterStep}:
 * path_umount/do_umount/umount_tree/namespace_unlock (fs/namespace.c; docs/semantics.md §2.8,
 * §4.2), the 2023 and 2025 deferrals (docs/semantics.md §4.3), exit with free_nsproxy/put_mnt_ns
 * (kernel/nsproxy.c), and create_ipc_ns/put_ipc_ns (ipc/namespace.c; docs/semantics.md §4.4).
 */
final class TaskSteps {
  private TaskSteps() {}

  static Transition step(Setup setup, RcuState s, int t) {
    TaskSetup ts = setup.tasks().get(t);
    TaskState st = s.tasks().get(t);
    if (!st.active() || st.op() >= ts.ops().size()) return null;
    Op op = ts.ops().get(st.op());
    UpdaterStep kind = op.steps().get(st.pc());
    int m = op.mount();
    String who = ts.name() + ": ";
    Edit e = new Edit(setup, s);
    boolean kernelThread = ts.context() == Context.WORKER;
    String label;
    // per-step effects; `next` is the state of this task after the step
    TaskState next = st;
    int jump = -1; // pc to continue at, -1 for pc + 1
    switch (kind) {
      case SNAPSHOT_GP -> {
        int gp = e.newGp(ts.context(), "polled snapshot", true);
        next = with(next, next.pathRef(), next.waitGp(), gp);
        label = who + "get_state_synchronize_rcu: snapshot, grace period " + gp + " starts";
      }
      case LOCK, TEARDOWN_LOCK -> {
        if (s.lockOwner() >= 0) return null;
        e.lockOwner = t;
        e.seq++;
        if (kind == UpdaterStep.LOCK) {
          RcuMount x = e.mounts.get(m);
          e.mounts.set(m, x.withCount(x.count() + 1));
          next = with(next, true, next.waitGp(), next.snapshotGp());
          label =
              who
                  + "umount"
                  + (op.lazy() ? " -l" : "")
                  + " m"
                  + m
                  + ": path lookup (count "
                  + (x.count() + 1)
                  + "), namespace_sem, lock_mount_hash (seq "
                  + e.seq
                  + ")";
        } else {
          label = who + "put_mnt_ns: namespace_sem, lock_mount_hash (seq " + e.seq + ")";
        }
      }
      case UMOUNT_TREE -> {
        RcuMount x = e.mounts.get(m);
        boolean sync = !op.lazy();
        e.seq++;
        e.lockOwner = -1;
        if (sync && x.count() > 2) {
          next = withResult(next, OpResult.EBUSY);
          jump = op.steps().indexOf(UpdaterStep.RETURN);
          label =
              who
                  + "do_umount: smp_mb, busy (count "
                  + x.count()
                  + " > 2): EBUSY, unlock_mount_hash (seq "
                  + e.seq
                  + ")";
        } else {
          e.mounts.set(m, x.detached(sync, e.legitimateUsers(m)));
          next = withVictims(withResult(next, OpResult.OK), List.of(m));
          label =
              who
                  + (sync ? "do_umount: smp_mb, not busy (count " + x.count() + "), " : "")
                  + "umount_tree m"
                  + m
                  + ": unhash, mnt_ns = NULL"
                  + (sync ? ", MNT_SYNC_UMOUNT" : "")
                  + "; unlock_mount_hash (seq "
                  + e.seq
                  + ")";
        }
      }
      case SYNC_RCU_EXPEDITED, SYNC_RCU -> {
        boolean exp = kind == UpdaterStep.SYNC_RCU_EXPEDITED;
        int gp = e.newGp(ts.context(), exp ? "synchronize_rcu_expedited" : "synchronize_rcu", exp);
        next = with(next, next.pathRef(), gp, next.snapshotGp());
        label =
            who
                + "namespace_unlock: "
                + (exp ? "synchronize_rcu_expedited" : "synchronize_rcu")
                + ", grace period "
                + gp
                + " starts, waiting";
      }
      case COND_SYNC_RCU -> {
        int snap = st.snapshotGp();
        if (e.gpDone(snap)) {
          next = with(next, next.pathRef(), -1, -1);
          label =
              who
                  + "namespace_unlock: cond_synchronize_rcu_expedited: grace period "
                  + snap
                  + " already ended, no wait";
        } else {
          next = with(next, next.pathRef(), snap, -1);
          label =
              who
                  + "namespace_unlock: cond_synchronize_rcu_expedited: waiting for grace period "
                  + snap;
        }
      }
      case MNTPUT_VICTIMS -> {
        if (st.waitGp() >= 0 && !e.gpDone(st.waitGp())) return null;
        if (s.lockOwner() >= 0) return null;
        if (st.waitGp() >= 0)
          e.events.add(new RcuEvent.GpWaited(ts.name(), ts.context(), st.waitGp(), true));
        List<Integer> work = new ArrayList<>(st.taskWork());
        StringBuilder sb = new StringBuilder(who);
        sb.append(st.waitGp() >= 0 ? "grace period " + st.waitGp() + " over: " : "");
        for (int v : st.victims()) {
          boolean last = e.put(v);
          sb.append("mntput m").append(v).append(" (count ").append(e.mounts.get(v).count());
          sb.append(")");
          if (last) {
            if (kernelThread) {
              e.delayed.add(v);
              sb.append(", final: cleanup_mnt queued to delayed_mntput_work");
            } else {
              work.add(v);
              sb.append(", final: cleanup_mnt queued to task_work");
            }
          }
        }
        next =
            new TaskState(
                st.op(),
                st.pc(),
                true,
                st.pathRef(),
                -1,
                st.snapshotGp(),
                List.of(),
                st.result(),
                work,
                st.holdsIpc());
        label = sb.toString();
      }
      case CALL_RCU_VICTIMS, QUEUE_RCU_WORK_VICTIMS -> {
        boolean work = kind == UpdaterStep.QUEUE_RCU_WORK_VICTIMS;
        int gp = e.newGp(Context.WORKER, work ? "queue_rcu_work" : "call_rcu", false);
        e.callbacksForUpdate()
            .add(
                new Callback(
                    work ? CallbackKind.PUT_VICTIMS_WORK : CallbackKind.PUT_VICTIMS_CALLBACK,
                    gp,
                    st.victims()));
        next = withVictims(next, List.of());
        label =
            who
                + "namespace_unlock: "
                + (work ? "queue_rcu_work" : "call_rcu")
                + "(mntput "
                + victims(st.victims())
                + "), grace period "
                + gp
                + " starts, no wait";
      }
      case RETURN -> {
        RcuMount x = e.mounts.get(m);
        if (st.pathRef() && !x.inNamespace() && s.lockOwner() >= 0) return null;
        List<Integer> work = new ArrayList<>(st.taskWork());
        StringBuilder sb = new StringBuilder(who);
        if (st.pathRef()) {
          boolean last = e.put(m);
          sb.append("path_put m").append(m).append(" (count ");
          sb.append(e.mounts.get(m).count()).append("), ");
          if (last) work.add(m);
        }
        sb.append("umount returns ").append(st.result() == OpResult.OK ? "0" : "EBUSY");
        sb.append(", return to user space");
        runTaskWork(e, work, sb);
        RcuMount after = e.mounts.get(m);
        int users = after.usersAtDetach() < 0 ? e.legitimateUsers(m) : after.usersAtDetach();
        e.events.add(
            new RcuEvent.UmountReturned(
                ts.name(), m, op.lazy(), st.result(), users, after.shutDown()));
        next =
            new TaskState(
                st.op(),
                st.pc(),
                true,
                false,
                -1,
                -1,
                List.of(),
                st.result(),
                List.of(),
                st.holdsIpc());
        label = sb.toString();
      }
      case SWITCH_NS_INLINE ->
          label = who + "exit: switch_task_namespaces(NULL), last nsproxy put: free_nsproxy inline";
      case SWITCH_NS_QUEUE_WORK -> {
        int w = setup.queuedWorker();
        TaskState ws = e.tasks.get(w);
        e.tasks.set(
            w,
            new TaskState(
                ws.op(),
                ws.pc(),
                true,
                false,
                -1,
                -1,
                List.of(),
                ws.result(),
                List.of(),
                st.holdsIpc()));
        next = withIpc(next, false);
        label =
            who
                + "exit: switch_task_namespaces(NULL), last nsproxy put: free_nsproxy queued to "
                + setup.tasks().get(w).name();
      }
      case EXIT_DONE -> {
        if (s.lockOwner() >= 0 && !st.taskWork().isEmpty()) return null;
        StringBuilder sb = new StringBuilder(who).append("exit_task_work");
        runTaskWork(e, new ArrayList<>(st.taskWork()), sb);
        sb.append(", exit_notify: the parent can reap");
        RcuMount after = e.mounts.get(m);
        int users = after.usersAtDetach() < 0 ? e.legitimateUsers(m) : after.usersAtDetach();
        e.events.add(new RcuEvent.ExitReaped(ts.name(), m, users, after.shutDown()));
        next = withWork(next, List.of());
        label = sb.toString();
      }
      case CREATE_IPC, FLUSH_RETRY -> {
        IpcState ipc = e.ipc;
        String prefix =
            who
                + (kind == UpdaterStep.FLUSH_RETRY
                    ? "flush_work returned, create_ipc_ns retries: "
                    : "create_ipc_ns: ");
        if (kind == UpdaterStep.FLUSH_RETRY && KernelSteps.ipcFreesPending(e)) return null;
        if (ipc.charged() < setup.ipcLimit()) {
          e.ipc =
              new IpcState(
                  ipc.live() + 1,
                  ipc.queued(),
                  ipc.batch(),
                  ipc.charged() + 1,
                  ipc.worker(),
                  ipc.workerGp());
          next = withIpc(withResult(next, OpResult.OK), true);
          jump = op.steps().size();
          e.events.add(new RcuEvent.IpcCreated(ts.name()));
          label = prefix + "ucount " + (ipc.charged() + 1) + "/" + setup.ipcLimit() + ", created";
        } else if (kind == UpdaterStep.CREATE_IPC
            && setup.variant().createFlushes()
            && KernelSteps.ipcFreesPending(e)) {
          label =
              prefix
                  + "ucount at limit ("
                  + ipc.charged()
                  + "/"
                  + setup.ipcLimit()
                  + "), flush_work(free_ipc_work) waits";
        } else {
          e.events.add(new RcuEvent.Enospc(ts.name(), ipc.live(), setup.ipcLimit()));
          next = withResult(next, OpResult.ENOSPC);
          jump = op.steps().size();
          label =
              prefix
                  + "ucount at limit ("
                  + ipc.charged()
                  + "/"
                  + setup.ipcLimit()
                  + "): ENOSPC with "
                  + ipc.live()
                  + " in use";
        }
      }
      case PUT_IPC_QUEUE -> {
        IpcState ipc = e.ipc;
        IpcWorker w = ipc.worker();
        boolean schedule = ipc.queued() == 0 && w != IpcWorker.PENDING;
        IpcWorker nw =
            !schedule
                ? w
                : (w == IpcWorker.IDLE ? IpcWorker.PENDING : IpcWorker.RUNNING_AND_PENDING);
        if (w == IpcWorker.RUNNING_AND_PENDING) nw = w;
        e.ipc =
            new IpcState(
                ipc.live() - 1, ipc.queued() + 1, ipc.batch(), ipc.charged(), nw, ipc.workerGp());
        next = withIpc(next, false);
        label =
            who
                + "put_ipc_ns: last reference, onto the free list"
                + (nw != w ? ", schedule_work(free_ipc_work)" : "");
      }
      case PUT_IPC_RCU_WORK -> {
        IpcState ipc = e.ipc;
        int gp = e.newGp(Context.WORKER, "ipc rcu_work", false);
        e.callbacksForUpdate().add(new Callback(CallbackKind.FREE_IPC_WORK, gp, List.of()));
        e.ipc =
            new IpcState(
                ipc.live() - 1,
                ipc.queued(),
                ipc.batch(),
                ipc.charged(),
                ipc.worker(),
                ipc.workerGp());
        next = withIpc(next, false);
        label =
            who
                + "put_ipc_ns: last reference, queue_rcu_work(free_ipc_ns), grace period "
                + gp
                + " starts";
      }
      case PUT_IPC_SYNC -> {
        IpcState ipc = e.ipc;
        int gp = e.newGp(ts.context(), "kern_unmount synchronize_rcu", false);
        e.ipc =
            new IpcState(
                ipc.live() - 1,
                ipc.queued(),
                ipc.batch(),
                ipc.charged(),
                ipc.worker(),
                ipc.workerGp());
        next = with(withIpc(next, false), next.pathRef(), gp, next.snapshotGp());
        label =
            who
                + "put_ipc_ns: last reference, mq_put_mnt: kern_unmount: synchronize_rcu, grace"
                + " period "
                + gp
                + " starts, waiting";
      }
      case FREE_IPC_SYNC -> {
        if (!e.gpDone(st.waitGp())) return null;
        e.events.add(new RcuEvent.GpWaited(ts.name(), ts.context(), st.waitGp(), false));
        IpcState ipc = e.ipc;
        e.ipc =
            new IpcState(
                ipc.live(),
                ipc.queued(),
                ipc.batch(),
                ipc.charged() - 1,
                ipc.worker(),
                ipc.workerGp());
        next = with(next, next.pathRef(), -1, next.snapshotGp());
        label =
            who
                + "grace period "
                + st.waitGp()
                + " over: free_ipc_ns (ucount "
                + (ipc.charged() - 1)
                + ")";
      }
      default -> throw new IllegalStateException("unhandled step " + kind);
    }
    e.tasks.set(t, advance(ts, next, jump));
    return new Transition(label, e.build(), e.events);
  }

  /** Runs queued cleanup_mnt work in the calling task (task_work on return or at exit). */
  private static void runTaskWork(Edit e, List<Integer> work, StringBuilder sb) {
    for (int v : work) {
      e.cleanup(v, Context.CALLER);
      sb.append(", task_work: cleanup_mnt m").append(v).append(" (superblock shut down)");
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
    return new TaskState(
        op,
        pc,
        st.active(),
        st.pathRef(),
        st.waitGp(),
        st.snapshotGp(),
        st.victims(),
        result,
        st.taskWork(),
        st.holdsIpc());
  }

  private static TaskState with(TaskState s, boolean pathRef, int waitGp, int snapshotGp) {
    return new TaskState(
        s.op(),
        s.pc(),
        s.active(),
        pathRef,
        waitGp,
        snapshotGp,
        s.victims(),
        s.result(),
        s.taskWork(),
        s.holdsIpc());
  }

  private static TaskState withResult(TaskState s, OpResult r) {
    return new TaskState(
        s.op(),
        s.pc(),
        s.active(),
        s.pathRef(),
        s.waitGp(),
        s.snapshotGp(),
        s.victims(),
        r,
        s.taskWork(),
        s.holdsIpc());
  }

  private static TaskState withVictims(TaskState s, List<Integer> v) {
    return new TaskState(
        s.op(),
        s.pc(),
        s.active(),
        s.pathRef(),
        s.waitGp(),
        s.snapshotGp(),
        v,
        s.result(),
        s.taskWork(),
        s.holdsIpc());
  }

  private static TaskState withWork(TaskState s, List<Integer> w) {
    return new TaskState(
        s.op(),
        s.pc(),
        s.active(),
        s.pathRef(),
        s.waitGp(),
        s.snapshotGp(),
        s.victims(),
        s.result(),
        w,
        s.holdsIpc());
  }

  private static TaskState withIpc(TaskState s, boolean holds) {
    return new TaskState(
        s.op(),
        s.pc(),
        s.active(),
        s.pathRef(),
        s.waitGp(),
        s.snapshotGp(),
        s.victims(),
        s.result(),
        s.taskWork(),
        holds);
  }
}
