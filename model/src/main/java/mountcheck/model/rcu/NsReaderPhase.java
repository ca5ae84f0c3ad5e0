package mountcheck.model.rcu;

/** Where a lockless mount-namespace reader is (see {@link NsReaderKind}). */
public enum NsReaderPhase {
  /** Not started. */
  IDLE,
  /** fhandle, before 7.x: is_mounted() saw mnt_ns set; the pointer is read again for the check. */
  MOUNTED,
  /** fhandle: holds the mnt_ns pointer it read (NULL or a namespace). */
  SAW_NS,
  /** listmount: lookup_mnt_ns found the namespace in the tree, inside rcu_read_lock. */
  FOUND,
  /** listmount: holds a passive reference, out of the read-side section. */
  HOLDS_PASSIVE,
  /** listmount: read the mount tree under namespace_sem; the passive reference is still held. */
  LISTED,
  /** fhandle: the permission check is over; still holds its directory fd on the mount. */
  HOLDS_FILE,
  /**
   * nsfs handle, listns: ns_get_unless_inactive read __ns_ref_active above 0 (inside rcu_read_lock
   * unless the design leaves it out).
   */
  SAW_ACTIVE,
  /** nsfs handle, listns: got the reference, still in the read-side section. */
  GOT_REF,
  /** nsfs handle, listns: holds the reference after rcu_read_unlock; its put is still to come. */
  HOLDS_REF,
  /** Returned to user space. */
  DONE
}
