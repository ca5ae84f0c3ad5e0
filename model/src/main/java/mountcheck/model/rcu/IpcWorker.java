package mountcheck.model.rcu;

/** The state of free_ipc_work (ipc/namespace.c). */
public enum IpcWorker {
  IDLE,
  PENDING,
  RUNNING,
  /** Running, and queued again because the free list went from empty to non-empty. */
  RUNNING_AND_PENDING
}
