package mountcheck.model.rcu;

/**
 * Where an RCU path walker is in its single lookup attempt (fs/namei.c RCU walk, fs/namespace.c
 * legitimize_mnt).
 */
public enum ReaderPhase {
  /** Not started. */
  IDLE,
  /** rcu_read_lock held, mount_lock sequence sampled. */
  INSIDE,
  /**
   * __lookup_mnt crossed into the mount the target is mounted on (a target below another modelled
   * mount is reached only through it).
   */
  IN_PARENT,
  /** __lookup_mnt returned a pointer to the target mount. */
  FOUND,
  /** Walked into the mount: read its root dentry and superblock. */
  WALKED,
  /** legitimize_mnt's first sequence check passed. */
  CHECKED,
  /** legitimize_mnt incremented the count and issued the barrier; recheck pending. */
  INCREMENTED,
  /** Lookup missed or legitimize finished (held or failed); still inside the section. */
  SETTLED,
  /**
   * legitimize_mnt returned -1 (sequence changed, neither MNT_SYNC_UMOUNT nor MNT_DOOMED): it left
   * the read-side section with rcu_read_unlock and still owes the mntput of its increment.
   */
  PUT_OWED,
  /** rcu_read_unlock done; still holds a reference or owes task_work. */
  OUT,
  /** Returned to user space. */
  DONE;

  /** Inside an RCU read-side critical section. */
  public boolean inside() {
    return this == INSIDE
        || this == IN_PARENT
        || this == FOUND
        || this == WALKED
        || this == CHECKED
        || this == INCREMENTED
        || this == SETTLED;
  }
}
