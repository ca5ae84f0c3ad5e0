package mountcheck.model.rcu;

/** What a post-grace-period callback or rcu_work item does. */
public enum CallbackKind {
  /** cleanup_mnt's call_rcu(delayed_free_vfsmnt): frees the struct mount [NS-new, CM-DELAY]. */
  FREE_MOUNT,
  /** 2023 RFC: softirq callback mntputting the victims [ML-RFC23]. */
  PUT_VICTIMS_CALLBACK,
  /** 2025 v4: rcu_work item mntputting the victims in a kworker [ML-V4]. */
  PUT_VICTIMS_WORK,
  /** Per-namespace rcu_work item running free_ipc_ns. */
  FREE_IPC_WORK
}
