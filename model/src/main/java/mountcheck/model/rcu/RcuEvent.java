package mountcheck.model.rcu;

/** What a transition did that properties and cost accounting look at. */
public sealed interface RcuEvent {

  /** A reader dereferenced mount {@code mount}; {@code what} names the access. */
  record Touch(String reader, int mount, String what, boolean memoryFreed, boolean fsShutDown)
      implements RcuEvent {}

  /**
   * {@code actor} dereferenced mount namespace {@code ns} ({@code what} names the access); {@code
   * freed}: its memory was freed; {@code nullPointer}: it dereferenced a NULL mnt_ns (ns is -1).
   */
  record NsTouch(String actor, int ns, String what, boolean freed, boolean nullPointer)
      implements RcuEvent {}

  /**
   * Mount namespace {@code ns}'s memory was freed by {@code actor}, its passive count having
   * reached 0; {@code lookupsDone}: no lookup_mnt_ns can still be taking a passive reference,
   * because the tree's reference was dropped by the RCU callback queued when free_mnt_ns removed it
   * from the tree (7.2), or because lookups run under mnt_ns_tree_lock, which the removal took for
   * writing (6.12).
   */
  record NsFreed(String actor, int ns, boolean lookupsDone) implements RcuEvent {}

  /**
   * {@code task} returned to user space from close(2) of a file whose release tore down a mount
   * tree ({@code what}: dissolve_on_fput, or put_mnt_ns from an nsfs file); fields as in {@link
   * ExitReaped}.
   */
  record CloseReturned(
      String task, String what, int mount, int otherUsers, int lookupsInFlight, boolean shutDown)
      implements RcuEvent {}

  /**
   * mntput_no_expire's fast path decremented {@code mount}'s count (it saw mnt_ns set under
   * rcu_read_lock), leaving {@code countAfter}; {@code doomed}: MNT_DOOMED was already set.
   */
  record FastPathPut(String actor, int mount, int countAfter, boolean doomed) implements RcuEvent {}

  /**
   * A softirq (an RCU callback) took mount_lock, interrupting {@code interrupted}; {@code held}:
   * the interrupted task held it, a deadlock.
   */
  record LockInSoftirq(String interrupted, boolean held) implements RcuEvent {}

  /**
   * umount(2) returned to user space. {@code otherUsers}: holders and legitimized readers when the
   * mount was detached; {@code lookupsInFlight}: lookups whose increment is still in the count.
   */
  record UmountReturned(
      String task,
      int mount,
      boolean lazy,
      OpResult result,
      int otherUsers,
      int lookupsInFlight,
      boolean shutDown)
      implements RcuEvent {}

  /**
   * kern_unmount returned to its caller; {@code otherUsers}: files still open on the mount, whose
   * last close does the final mntput instead; {@code shutDown}: cleanup_mnt ran.
   */
  record KernUnmountReturned(String task, int mount, int otherUsers, boolean shutDown)
      implements RcuEvent {}

  /**
   * The expiring work {@code task} finished namespace_unlock and returns; {@code result}: OK when
   * it unmounted {@code mount}, EBUSY when the mount was busy and left alone; {@code handedOn}: the
   * mount's cleanup_mnt ran or waits on delayed_mntput_work, so kernel workers do it.
   */
  record ExpiryDone(String task, int mount, OpResult result, int otherUsers, boolean handedOn)
      implements RcuEvent {}

  /** An exiting task finished exit_task_work and can be reaped. */
  record ExitReaped(String task, int mount, int otherUsers, int lookupsInFlight, boolean shutDown)
      implements RcuEvent {}

  /**
   * create_ipc_ns failed with ENOSPC while {@code inUse} namespaces were live and {@code midPut}
   * were in the middle of another task's put_ipc_ns (dropped, their free not yet queued).
   */
  record Enospc(String task, int inUse, int midPut, int limit) implements RcuEvent {}

  /** create_ipc_ns succeeded. */
  record IpcCreated(String task) implements RcuEvent {}

  /** cleanup_mnt ran for {@code mount} in {@code context}. */
  record Cleanup(int mount, Context context) implements RcuEvent {}

  /** A grace period started on behalf of {@code context}. */
  record GpStarted(int gp, Context context, String purpose, boolean expedited)
      implements RcuEvent {}

  /** {@code actor} (running in {@code context}) was blocked until grace period {@code gp} ended. */
  record GpWaited(String actor, Context context, int gp, boolean expedited) implements RcuEvent {}

  /**
   * {@code actor} incremented namespace {@code ns}'s reference count from 0: it takes a namespace
   * whose last reference is gone and whose teardown has begun (refcount_t warns "addition on 0;
   * use-after-free").
   */
  record NsRefFromZero(String actor, int ns) implements RcuEvent {}

  /** {@code actor} did something that may sleep ({@code what}) inside an RCU read-side section. */
  record SleepInRcuReadSide(String actor, String what) implements RcuEvent {}

  /** The ipc worker freed {@code count} namespaces after one grace period. */
  record IpcBatchFreed(int count) implements RcuEvent {}
}
