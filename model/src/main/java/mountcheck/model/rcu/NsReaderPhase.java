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
  /** Returned to user space. */
  DONE
}
