package mountcheck.model.state;

/**
 * The attribute locks of one mount (MNT_LOCK_READONLY, MNT_LOCK_NODEV, MNT_LOCK_NOSUID,
 * MNT_LOCK_NOEXEC, MNT_LOCK_ATIME): set by lock_mnt_tree() when a mount is copied into a mount
 * namespace of another user namespace, copied with the mount by clone_mnt(), and never cleared. A
 * locked attribute can be set but not cleared, and a locked atime mode not changed at all
 * (can_change_locked_flags(), fs/namespace.c): EPERM.
 */
public record AttributeLocks(
    boolean readOnly, boolean noSuid, boolean noDev, boolean noExec, boolean atime) {

  public static final AttributeLocks NONE = new AttributeLocks(false, false, false, false, false);

  /**
   * lock_mnt_tree(): the atime mode (with nodiratime) is always locked, and each of ro, nodev,
   * nosuid and noexec that the mount has; locks it already holds stay.
   */
  public AttributeLocks lockedFor(MountAttributes a) {
    return new AttributeLocks(
        readOnly || a.readOnly(),
        noSuid || a.noSuid(),
        noDev || a.noDev(),
        noExec || a.noExec(),
        true);
  }

  /** can_change_locked_flags(): whether a mount with {@code current} may get {@code wanted}. */
  public boolean permits(MountAttributes current, MountAttributes wanted) {
    if (readOnly && !wanted.readOnly()) return false;
    if (noDev && !wanted.noDev()) return false;
    if (noSuid && !wanted.noSuid()) return false;
    if (noExec && !wanted.noExec()) return false;
    return !atime
        || (current.atime() == wanted.atime() && current.noDiratime() == wanted.noDiratime());
  }

  public boolean any() {
    return readOnly || noSuid || noDev || noExec || atime;
  }
}
