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
  /**
   * Lock-free free list drained by free_ipc_work, which frees the namespaces it took one after the
   * other, each after its own grace period (kern_unmount's synchronize_rcu in mq_put_mnt): Linux
   * 5.7 (e1eb26fa62d0, "ipc/namespace.c: use a work queue to free_ipc") to 6.2.
   */
  SERIAL,
  /** Lock-free free list drained by free_ipc_work: one synchronize_rcu per batch. */
  BATCHED
}
