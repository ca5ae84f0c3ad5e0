package mountcheck.model.rcu;

/**
 * One step a task (or a worker running a task's deferred teardown) takes. A variant lists these in
 * the order its updater takes them; {@link Plans} turns a variant into per-task step lists.
 */
public enum UpdaterStep {
  // umount(2): path_umount / do_umount / namespace_unlock (fs/namespace.c; docs/semantics.md §4.2,
  // §4.3)
  /** get_state_synchronize_rcu(): record a grace-period snapshot (polled grace periods). */
  SNAPSHOT_GP,
  /** Syscall entry: path lookup takes a reference; namespace_sem; lock_mount_hash (seq bump). */
  LOCK,
  /**
   * umount(2) with the lookup apart from the locking (two updaters): the path lookup's reference,
   * or EINVAL when the mount is no longer mounted where the lookup looks.
   */
  PATH_LOOKUP,
  /** After PATH_LOOKUP: namespace_sem; lock_mount_hash (seq bump). */
  LOCK_AFTER_LOOKUP,
  /** put_mnt_ns on exit: namespace_sem and lock_mount_hash, no path reference. */
  TEARDOWN_LOCK,
  /** Sync: barrier and busy check; umount_tree unhashes, clears mnt_ns; unlock_mount_hash. */
  UMOUNT_TREE,
  /** namespace_unlock: synchronize_rcu_expedited(), a grace period starts and the task waits. */
  SYNC_RCU_EXPEDITED,
  /** namespace_unlock: plain synchronize_rcu(). */
  SYNC_RCU,
  /** namespace_unlock: cond_synchronize_rcu_expedited(snapshot): waits only if not yet elapsed. */
  COND_SYNC_RCU,
  /** After the grace period: mntput of every victim (drops the tree reference). */
  MNTPUT_VICTIMS,
  /** namespace_unlock: call_rcu() of a callback that mntputs the victims (2023 RFC). */
  CALL_RCU_VICTIMS,
  /** namespace_unlock: queue_rcu_work() of a work item that mntputs the victims (2025 v4). */
  QUEUE_RCU_WORK_VICTIMS,
  /** path_put of the caller's reference, return to user space, task_work (cleanup_mnt). */
  RETURN,
  // exit and nsproxy (kernel/nsproxy.c)
  /** exit: switch_task_namespaces(t, NULL); the last nsproxy put frees it inline. */
  SWITCH_NS_INLINE,
  /** exit: switch_task_namespaces(t, NULL); the last put queues the free on a work item (2012). */
  SWITCH_NS_QUEUE_WORK,
  /**
   * exit_task_work (kernel/task_work.c): runs the queued cleanup_mnt, then marks the list exited
   * (work_exited), so a later task_work_add on the task fails with -ESRCH.
   */
  EXIT_TASK_WORK,
  /** exit_notify (kernel/exit.c): the parent can reap the task. */
  EXIT_DONE,
  // mount namespaces (fs/namespace.c; docs/semantics.md §4.5)
  /**
   * namespace_unlock, when umount_tree emptied a namespace: up_write(namespace_sem), then
   * free_mnt_ns: ucount dropped, mnt_ns_tree_remove takes it out of the namespace tree and queues
   * mnt_ns_release_rcu with call_rcu (or, without the RCU delay, drops the passive reference now).
   */
  FREE_MNT_NS,
  /** The end of __fput or of the nsfs file's release: mntput, return to user space, task_work. */
  CLOSE_RETURN,
  /**
   * dissolve_on_fput (Linux 7.2), lockless check, first half: rcu_read_lock, anon_ns_root's
   * READ_ONCE of the mount's mnt_ns.
   */
  DISSOLVE_READ_NS,
  /**
   * dissolve_on_fput, lockless check, second half: is_anon_ns and the namespace's root read through
   * the pointer, rcu_read_unlock; a mount that is no longer an anonymous namespace's root ends the
   * dissolve (on to the file's mntput).
   */
  DISSOLVE_CHECK,
  /**
   * move_mount(2) of an anonymous namespace's root (do_move_mount, attach_recursive_mnt):
   * namespace_sem, anon_ns_root, lock_mount_hash, the mounts out of the anonymous namespace
   * (move_from_ns) and into the target's (commit_tree), emptied_ns set; unlock_mount_hash. EINVAL
   * when dissolve_on_fput took the mount out first.
   */
  MOVE_MOUNT_ATTACH,
  /**
   * nsfs_evict (fs/nsfs.c, Linux 7.2), first half: __ns_ref_active_put, the namespace's active-user
   * count drops (at 0 it is inactive: ns_get_unless_inactive refuses it from now on).
   */
  NSFS_ACTIVE_PUT,
  /**
   * nsfs_evict, second half: ns->ops->put, put_mnt_ns's ns_ref_put; the last reference tears the
   * namespace down here ({@link NsRefPut}), and the close returns.
   */
  NSFS_REF_PUT,
  // ipc namespaces (ipc/namespace.c; docs/semantics.md §4.4)
  /** create_ipc_ns: charge the ucount, or flush pending frees, or fail with ENOSPC. */
  CREATE_IPC,
  /** create_ipc_ns after flush_work returned: charge again or fail with ENOSPC. */
  FLUSH_RETRY,
  /**
   * put_ipc_ns's first half: the last reference dropped under mq_lock (ns_ref_put_and_lock,
   * mq_clear_sbinfo, spin_unlock), the namespace out of the namespace tree; it is still charged to
   * the ucount and not yet on any free list, so a flush_work now does not wait for it.
   */
  PUT_IPC_DROP,
  /**
   * put_ipc_ns's second half (batched): llist_add onto free_ipc_list, schedule_work(free_ipc_work)
   * if the list was empty; put_ipc_ns returns.
   */
  PUT_IPC_QUEUE,
  /** put_ipc_ns's second half (work item per namespace): queue_rcu_work of its free. */
  PUT_IPC_RCU_WORK,
  /** put_ipc_ns (synchronous): mq_put_mnt, kern_unmount: synchronize_rcu() in the caller. */
  PUT_IPC_SYNC,
  /** After the caller's grace period: free_ipc_ns (ucount released). */
  FREE_IPC_SYNC,
  // kern_unmount of an MNT_INTERNAL mount (fs/namespace.c kern_unmount, mntput_no_expire_slowpath)
  /** kern_unmount, first: mnt_make_shortterm, WRITE_ONCE(mnt_ns, NULL). */
  KERN_UNMOUNT_SHORTTERM,
  /** kern_unmount, second: synchronize_rcu(), a grace period starts and the caller waits. */
  KERN_UNMOUNT_SYNC_RCU,
  /**
   * kern_unmount, last: mntput of the long-term reference (the slow path, mnt_ns being NULL); the
   * final put of an MNT_INTERNAL mount runs cleanup_mnt inline, then kern_unmount returns.
   */
  KERN_UNMOUNT_MNTPUT,
  // mount expiry (fs/namespace.c mark_mounts_for_expiry, from a filesystem's delayed work)
  /**
   * The expiring work's namespace_unlock is over (its grace period, the victims' mntput, a final
   * one queueing cleanup_mnt to delayed_mntput_work, the worker being a kernel thread): the work
   * function returns, with nobody in user space waiting for it.
   */
  EXPIRE_DONE
}
