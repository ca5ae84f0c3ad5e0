package mountcheck.model.rcu;

/** The outcome of an operation as user space sees it. */
public enum OpResult {
  PENDING,
  OK,
  EBUSY,
  ENOSPC
}
