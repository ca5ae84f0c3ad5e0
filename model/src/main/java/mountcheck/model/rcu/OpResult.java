package mountcheck.model.rcu;

/** The outcome of an operation as user space sees it. */
public enum OpResult {
  PENDING,
  OK,
  EBUSY,
  /** do_umount: not mounted in the caller's namespace any more, or MNT_LOCKED. */
  EINVAL,
  ENOSPC
}
