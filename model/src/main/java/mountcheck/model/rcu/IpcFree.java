package mountcheck.model.rcu;

/**
 * How put_ipc_ns releases the last reference of an ipc namespace (ipc/namespace.c;
 * docs/semantics.md §4.4).
 */
public enum IpcFree {
  /** kern_unmount of the mqueue mount in the caller: one synchronize_rcu per namespace. */
  SYNC,
  /** One queue_rcu_work item per namespace: one grace period per namespace, in a worker. */
  WORK_ITEM,
  /** Lock-free free list drained by free_ipc_work: one synchronize_rcu per batch. */
  BATCHED
}
