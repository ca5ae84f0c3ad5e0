package mountcheck.model.rcu;

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
      case PUT_VICTIMS_CALLBACK, PUT_VICTIMS_WORK -> {
        if (s.lockOwner() >= 0) return null; // mntput's slow path takes mount_lock
        boolean work = c.kind() == CallbackKind.PUT_VICTIMS_WORK;
        sb.append(work ? "kworker: rcu_work (grace period " : "rcu callback (grace period ");
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
        sb.append("kworker: rcu_work (grace period ").append(c.gp()).append("): free_ipc_ns");
        sb.append(" (ucount ").append(ipc.charged() - 1).append(")");
        for (int m : c.mounts()) e.putInternal(m, Context.WORKER, sb);
      }
    }
    return new Transition(sb.toString(), e.build(), e.events);
  }

  static Transition delayedMntput(Setup setup, RcuState s) {
    if (s.delayedMntput().isEmpty()) return null;
    Edit e = new Edit(setup, s);
    int m = e.delayed.remove(0);
    e.cleanup(m, Context.WORKER);
    return new Transition(
        "kworker: delayed_mntput_work: cleanup_mnt m" + m + " (superblock shut down)",
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
        if (!setup.variant().ipcGracePeriod()) {
          e.ipc = new IpcState(ipc.live(), 0, ipc.queued(), ipc.charged(), IpcWorker.RUNNING, -1);
          return new Transition(
              "kworker: free_ipc takes "
                  + ipc.queued()
                  + " from the free list, mnt_make_shortterm, no grace period",
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
        boolean putsMq = mq >= 0 && ipc.batch() > 0;
        if (putsMq && s.lockOwner() >= 0) return null; // mntput's slow path takes mount_lock
        if (ipc.workerGp() >= 0)
          e.events.add(new RcuEvent.GpWaited("kworker", Context.WORKER, ipc.workerGp(), false));
        e.events.add(new RcuEvent.IpcBatchFreed(ipc.batch()));
        IpcWorker next =
            ipc.worker() == IpcWorker.RUNNING_AND_PENDING ? IpcWorker.PENDING : IpcWorker.IDLE;
        e.ipc = new IpcState(ipc.live(), ipc.queued(), 0, ipc.charged() - ipc.batch(), next, -1);
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

  /** flush_work would wait: a free of an ipc namespace is queued or running. */
  static boolean ipcFreesPending(Edit e) {
    if (e.ipc.worker() != IpcWorker.IDLE) return true;
    for (Callback c : e.callbacks()) if (c.kind() == CallbackKind.FREE_IPC_WORK) return true;
    return false;
  }
}
