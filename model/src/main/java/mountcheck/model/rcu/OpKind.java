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
  CLOSE_NSFS,
  /**
   * close(2) of an nsfs file, as nsfs_evict does it in Linux 7.2: the active-user count, then the
   * reference, which may not be the last one while a reader holds another.
   */
  CLOSE_NSFS_RACING_GET,
  /**
   * move_mount(2) of an anonymous namespace's root through another file on it (fs/namespace.c
   * do_move_mount, attach_recursive_mnt), which empties that namespace, then close(2) of that file.
   */
  MOVE_MOUNT,
  /**
   * kern_unmount(9) of a kern_mount'd (MNT_INTERNAL) mount, as a module's exit or a subsystem's
   * teardown calls it: short-term, a grace period, then the mntput that may run cleanup_mnt inline.
   */
  KERN_UNMOUNT,
  /**
   * mark_mounts_for_expiry (fs/namespace.c), called by a filesystem's delayed work in a kworker
   * (nfs_expire_automounts, afs's and cifs's expiry timers): a marked MNT_SHRINKABLE automount that
   * only its parent references is unmounted with umount_tree(UMOUNT_PROPAGATE|UMOUNT_SYNC).
   */
  EXPIRE
}
