package mountcheck.model.rcu;

/**
 * How dissolve_on_fput (fs/namespace.c), run by the last fput of an open_tree(OPEN_TREE_CLONE)
 * file, decides whether the file's mount is still the root of an anonymous namespace.
 */
public enum DissolveCheck {
  /**
   * Linux 6.12: no lockless check; namespace_sem and lock_mount_hash first, then mnt_ns read and
   * is_anon_ns under them.
   */
  LOCKED,
  /**
   * Linux 7.2: anon_ns_root (fs/mount.h: READ_ONCE of mnt_ns, is_anon_ns, the namespace's root)
   * under rcu_read_lock first, so that a mount move_mount took out of its namespace costs no
   * namespace_sem; then the same check again under namespace_sem. The read-side section is what
   * keeps the namespace it read from being freed under it: free_mnt_ns drops its last reference
   * with call_rcu.
   */
  UNDER_RCU,
  /** Planted: the lockless anon_ns_root check without rcu_read_lock. */
  WITHOUT_RCU
}
