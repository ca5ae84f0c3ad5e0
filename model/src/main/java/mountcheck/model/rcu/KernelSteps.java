package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.List;

/**
 * Steps that run in kernel context after a grace period or on a workqueue: RCU callbacks and
 * rcu_work items, delayed_mntput_work (commit 9ea459e110df), and free_ipc_work (ipc/namespace.c;
 * docs/semantics.md §4.4).
 */
final class KernelSteps {
  private KernelSteps() {}

  /** Callback {@code index}, whose grace period the caller has checked to be over. */
  static Transition callback(Setup setup, RcuState s, int index) {
    Callback c = s.callbacks().get(index);
    Edit e = new Edit(setup, s);
    e.callbacksForUpdate().remove(index);
    StringBuilder sb = new StringBuilder();
    switch (c.kind()) {
      case FREE_MOUNT -> {
        int m = c.mounts().get(0);
        e.mounts.set(m, e.mounts.get(m).withFreed());
        sb.append("rcu callback (grace period ").append(c.gp()).append("): delayed_free_vfsmnt");
        sb.append(" frees m").append(m);
      }
      case RELEASE_MNT_NS -> {
        sb.append("rcu callback (grace period ").append(c.gp()).append("): mnt_ns_release_rcu: ");
        e.releasePassive(c.mounts().get(0), "rcu callback", true, sb);
      }
      case PUT_VICTIMS_CALLBACK -> throw new IllegalArgumentException("runs in softirq");
      case PUT_VICTIMS_WORK -> {
        if (s.lockOwner() >= 0) return null; // mntput's slow path takes mount_lock
        sb.append("kworker: rcu_work (grace period ");
        sb.append(c.gp()).append("):");
        for (int m : c.mounts()) {
          boolean last = e.put(m);
          sb.append(" mntput m").append(m).append(" (count ").append(e.mounts.get(m).count());
          sb.append(")");
          if (last) {
            e.delayed.add(m);
            sb.append(", final: cleanup_mnt queued to delayed_mntput_work");
          }
        }
      }
      case FREE_IPC_WORK -> {
        if (!c.mounts().isEmpty() && s.lockOwner() >= 0) return null; // mntput's slow path
        IpcState ipc = e.ipc;
        e.ipc =
            new IpcState(
                ipc.live(),
                ipc.queued(),
                ipc.batch(),
                ipc.charged() - 1,
                ipc.worker(),
                ipc.workerGp());
        e.events.add(new RcuEvent.IpcBatchFreed(1));
        ipcFreeRunEnded(e);
        sb.append("kworker: rcu_work (grace period ").append(c.gp()).append("): free_ipc_ns");
        sb.append(" (ucount ").append(ipc.charged() - 1).append(")");
        for (int m : c.mounts()) e.putInternal(m, Context.WORKER, sb);
      }
    }
    return new Transition(sb.toString(), e.build(), e.events);
  }

  /**
   * The 2023 RFC's call_rcu callback, which mntputs the victims in softirq on whatever CPU the
   * grace period ends: it interrupts an idle CPU or a running task ({@code interrupted}, -1 for
   * idle). mntput's slow path takes mount_lock there, which process context takes with softirqs
   * enabled (lock_mount_hash): lockdep's inconsistent SOFTIRQ-ON-W -> IN-SOFTIRQ-W usage, and a
   * real deadlock when the interrupted task holds it (the step then leaves the state as it is: the
   * CPU spins for ever). A final put queues cleanup_mnt with task_work_add to {@code current}, the
   * interrupted task, or to delayed_mntput_work on an idle CPU (a kernel thread).
   */
  static Transition softirqCallback(Setup setup, RcuState s, int index, int interrupted) {
    Callback c = s.callbacks().get(index);
    String where = interrupted < 0 ? "an idle CPU" : setup.tasks().get(interrupted).name();
    String prefix = "softirq on " + where + ": rcu callback (grace period " + c.gp() + "):";
    if (s.lockOwner() >= 0 && s.lockOwner() == interrupted)
      return new Transition(
          prefix
              + " mntput m"
              + c.mounts().get(0)
              + ": lock_mount_hash spins on mount_lock, held by the task it interrupted: deadlock",
          s,
          List.of(new RcuEvent.LockInSoftirq(where, true)));
    if (s.lockOwner() >= 0) return null; // spins until the holder on another CPU unlocks
    Edit e = new Edit(setup, s);
    e.callbacksForUpdate().remove(index);
    e.events.add(new RcuEvent.LockInSoftirq(where, false));
    StringBuilder sb = new StringBuilder(prefix).append(" lock_mount_hash in softirq;");
    boolean userTask =
        interrupted >= 0 && setup.tasks().get(interrupted).context() != Context.WORKER;
    // an exiting task past exit_task_work: task_work_add fails, delayed_mntput_work takes it
    boolean closed = userTask && TaskSteps.taskWorkExited(setup, s, interrupted);
    for (int m : c.mounts()) {
      boolean last = e.put(m);
      sb.append(" mntput m").append(m).append(" (count ").append(e.mounts.get(m).count());
      sb.append(")");
      if (!last) continue;
      if (userTask && !closed) {
        TaskState t = e.tasks.get(interrupted);
        List<Integer> work = new ArrayList<>(t.taskWork());
        work.add(m);
        e.tasks.set(interrupted, t.withTaskWork(work));
        sb.append(", final: cleanup_mnt queued to ").append(where).append("'s task_work");
      } else {
        e.delayed.add(m);
        sb.append(", final: ");
        if (closed) sb.append("task_work_add on ").append(where).append(" fails, ");
        sb.append("cleanup_mnt queued to delayed_mntput_work");
      }
    }
    return new Transition(sb.toString(), e.build(), e.events);
  }

  static Transition delayedMntput(Setup setup, RcuState s) {
    if (s.delayedMntput().isEmpty()) return null;
    Edit e = new Edit(setup, s);
    int m = e.delayed.remove(0);
    String stuck = e.cleanup(m, Context.WORKER);
    return new Transition(
        "kworker: delayed_mntput_work: cleanup_mnt m" + m + stuck + " (superblock shut down)",
        e.build(),
        e.events);
  }

  static Transition ipcWorker(Setup setup, RcuState s) {
    IpcState ipc = s.ipc();
    if (ipc.worker() == IpcWorker.IDLE) return null;
    if (ipc.worker() != IpcWorker.PENDING) {
      GracePeriod g = s.gp(ipc.workerGp());
      if (g != null && !g.done()) return null;
    }
    int mq = setup.mqMount();
    Edit e = new Edit(setup, s);
    switch (ipc.worker()) {
      case PENDING -> {
        // mnt_make_shortterm on each taken namespace's mqueue mount, then one grace period
        if (mq >= 0 && ipc.queued() > 0) e.makeShortterm(mq);
        if (!setup.design().ipcGracePeriod()) {
          e.ipc = new IpcState(ipc.live(), 0, ipc.queued(), ipc.charged(), IpcWorker.RUNNING, -1);
          return new Transition(
              "kworker: free_ipc takes "
                  + ipc.queued()
                  + " from the free list, mnt_make_shortterm, no grace period",
              e.build(),
              e.events);
        }
        if (setup.design().ipcFree() == IpcFree.SERIAL) {
          int gp = e.newGp(Context.WORKER, "kern_unmount synchronize_rcu", false);
          e.ipc = new IpcState(ipc.live(), 0, ipc.queued(), ipc.charged(), IpcWorker.RUNNING, gp);
          return new Transition(
              "kworker: free_ipc takes "
                  + ipc.queued()
                  + " from the free list, free_ipc_ns of the first: kern_unmount: synchronize_rcu,"
                  + " grace period "
                  + gp
                  + " starts",
              e.build(),
              e.events);
        }
        int gp = e.newGp(Context.WORKER, "free_ipc batch", false);
        e.ipc = new IpcState(ipc.live(), 0, ipc.queued(), ipc.charged(), IpcWorker.RUNNING, gp);
        return new Transition(
            "kworker: free_ipc takes "
                + ipc.queued()
                + " from the free list, mnt_make_shortterm, synchronize_rcu: grace period "
                + gp
                + " starts",
            e.build(),
            e.events);
      }
      case RUNNING, RUNNING_AND_PENDING -> {
        if (!e.gpDone(ipc.workerGp())) return null;
        if (setup.design().ipcFree() == IpcFree.SERIAL && ipc.batch() > 1)
          return freeOneOfSerialBatch(e, ipc);
        boolean putsMq = mq >= 0 && ipc.batch() > 0;
        if (putsMq && s.lockOwner() >= 0) return null; // mntput's slow path takes mount_lock
        if (ipc.workerGp() >= 0)
          e.events.add(new RcuEvent.GpWaited("kworker", Context.WORKER, ipc.workerGp(), false));
        e.events.add(new RcuEvent.IpcBatchFreed(ipc.batch()));
        IpcWorker next =
            ipc.worker() == IpcWorker.RUNNING_AND_PENDING ? IpcWorker.PENDING : IpcWorker.IDLE;
        e.ipc = new IpcState(ipc.live(), ipc.queued(), 0, ipc.charged() - ipc.batch(), next, -1);
        ipcFreeRunEnded(e);
        StringBuilder sb = new StringBuilder("kworker: free_ipc: ");
        if (ipc.workerGp() >= 0)
          sb.append("grace period ").append(ipc.workerGp()).append(" over, ");
        sb.append("free_ipc_ns x ").append(ipc.batch());
        sb.append(" (ucount ").append(ipc.charged() - ipc.batch()).append(")");
        if (putsMq) e.putInternal(mq, Context.WORKER, sb);
        return new Transition(sb.toString(), e.build(), e.events);
      }
      default -> {
        return null;
      }
    }
  }

  /**
   * free_ipc from 5.7 to 6.2, with more than one namespace of its batch left: free_ipc_ns of the
   * one whose grace period is over, then kern_unmount of the next starts another. The mqueue mount
   * stands for all of them: made short-term when the batch is taken, put with the last.
   */
  private static Transition freeOneOfSerialBatch(Edit e, IpcState ipc) {
    if (ipc.workerGp() >= 0)
      e.events.add(new RcuEvent.GpWaited("kworker", Context.WORKER, ipc.workerGp(), false));
    e.events.add(new RcuEvent.IpcBatchFreed(1));
    int gp = e.newGp(Context.WORKER, "kern_unmount synchronize_rcu", false);
    e.ipc =
        new IpcState(
            ipc.live(), ipc.queued(), ipc.batch() - 1, ipc.charged() - 1, ipc.worker(), gp);
    return new Transition(
        "kworker: free_ipc: grace period "
            + ipc.workerGp()
            + " over, free_ipc_ns (ucount "
            + (ipc.charged() - 1)
            + "), next: kern_unmount: synchronize_rcu, grace period "
            + gp
            + " starts",
        e.build(),
        e.events);
  }

  /**
   * The runs of free work a flush_work called now waits for: free_ipc_work's current run and its
   * queued one (none, one or both), or, with a work item per namespace, every item queued. An item
   * queued later and run earlier counts as one of them: the model does not tell the items apart.
   */
  static int ipcFreeRunsPending(Edit e) {
    int runs =
        switch (e.ipc.worker()) {
          case IDLE -> 0;
          case PENDING, RUNNING -> 1;
          case RUNNING_AND_PENDING -> 2;
        };
    for (Callback c : e.callbacks()) if (c.kind() == CallbackKind.FREE_IPC_WORK) runs++;
    return runs;
  }

  /** A run of the ipc free work ended: every flush_work waiting counts it. */
  private static void ipcFreeRunEnded(Edit e) {
    for (int t = 0; t < e.tasks.size(); t++) {
      TaskState st = e.tasks.get(t);
      if (st.flushRuns() > 0) e.tasks.set(t, st.withFlushRuns(st.flushRuns() - 1));
    }
  }
}
