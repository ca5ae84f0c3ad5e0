package mountcheck.model.rcu;

/** The system call or kernel path one operation of a task stands for. */
public enum OpKind {
  UMOUNT,
  EXIT,
  CREATE_IPC,
  PUT_IPC,
  /** close(2) of the file open_tree(OPEN_TREE_CLONE) returned: __fput -> dissolve_on_fput. */
  CLOSE_TREE_FD,
  /** close(2) of the last nsfs file of a mount namespace: nsfs_evict -> put_mnt_ns. */
  CLOSE_NSFS
}
