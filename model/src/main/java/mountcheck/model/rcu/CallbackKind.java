package mountcheck.model.rcu;

/** What a post-grace-period callback or rcu_work item does. */
public enum CallbackKind {
  /**
   * cleanup_mnt's call_rcu(delayed_free_vfsmnt): frees the struct mount (fs/namespace.c; commit
   * 9ea459e110df "delayed mntput").
   */
  FREE_MOUNT,
  /**
   * 2023 RFC: call_rcu callback mntputting the victims, in softirq (see {@link
   * KernelSteps#softirqCallback}) (the 2023 RFC "fs/namespace: defer free_mount from
   * namespace_unlock").
   */
  PUT_VICTIMS_CALLBACK,
  /**
   * 2025 v4: rcu_work item mntputting the victims in a kworker ("fs/namespace: defer RCU sync for
   * MNT_DETACH umount", v4, 2025-04-08).
   */
  PUT_VICTIMS_WORK,
  /** Per-namespace rcu_work item running free_ipc_ns. */
  FREE_IPC_WORK,
  /**
   * mnt_ns_tree_remove's call_rcu(mnt_ns_release_rcu): drops the tree's passive reference of the
   * mount namespace whose id is the callback's only entry (fs/namespace.c).
   */
  RELEASE_MNT_NS
}
