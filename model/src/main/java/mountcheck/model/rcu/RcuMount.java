package mountcheck.model.rcu;

/**
 * The lifetime fields of one struct mount (fs/mount.h, fs/namespace.c; docs/semantics.md §4.1).
 *
 * @param hashed in the mount hash, so an RCU lookup can find it
 * @param inNamespace mnt_ns is set (mntput may take the fast path)
 * @param count the reference count (1 for being in the tree, plus one per holder)
 * @param syncUmount MNT_SYNC_UMOUNT: unmounted by a non-lazy umount
 * @param doomed MNT_DOOMED: the final reference was dropped, teardown started
 * @param shutDown cleanup_mnt ran: root dentry put, superblock deactivated (fs state released)
 * @param freed delayed_free_vfsmnt ran: the struct's memory is freed
 * @param cleanedBy which context ran cleanup_mnt
 * @param usersAtDetach legitimate other users (holders, legitimized readers) when umount_tree
 *     detached it, -1 while attached
 * @param parent the mount its mnt_parent names, -1 for itself (a namespace root or a disconnected
 *     mount)
 * @param stuckChildren bit c set: mount c was still connected when this mount's final mntput ran,
 *     which unhashed it onto mnt_stuck_children; cleanup_mnt puts it
 */
public record RcuMount(
    boolean hashed,
    boolean inNamespace,
    int count,
    boolean syncUmount,
    boolean doomed,
    boolean shutDown,
    boolean freed,
    Context cleanedBy,
    int usersAtDetach,
    int parent,
    int stuckChildren) {

  /** A mounted mount with the tree reference plus {@code holders} file references. */
  public static RcuMount mounted(int holders) {
    return new RcuMount(
        true, true, 1 + holders, false, false, false, false, Context.NONE, -1, -1, 0);
  }

  /** A mount mounted on {@code parent}, with the tree reference plus {@code holders} references. */
  public static RcuMount child(int parent, int holders) {
    return mounted(holders).withParent(parent);
  }

  /**
   * An internal mount (kern_mount, MNT_INTERNAL): not in the mount hash, mnt_ns set to the internal
   * marker, one long-term reference plus {@code holders} file references.
   */
  public static RcuMount internal(int holders) {
    return new RcuMount(
        false, true, 1 + holders, false, false, false, false, Context.NONE, 0, -1, 0);
  }

  /**
   * The root of a mount namespace: not in the mount hash (it has no parent), mnt_ns set, the
   * namespace's reference plus {@code holders} file references.
   */
  public static RcuMount namespaceRoot(int holders) {
    return new RcuMount(
        false, true, 1 + holders, false, false, false, false, Context.NONE, -1, -1, 0);
  }

  /** mnt_make_shortterm: mnt_ns cleared. */
  public RcuMount shortterm() {
    return new RcuMount(
        hashed,
        false,
        count,
        syncUmount,
        doomed,
        shutDown,
        freed,
        cleanedBy,
        usersAtDetach,
        parent,
        stuckChildren);
  }

  public RcuMount withCount(int c) {
    return new RcuMount(
        hashed,
        inNamespace,
        c,
        syncUmount,
        doomed,
        shutDown,
        freed,
        cleanedBy,
        usersAtDetach,
        parent,
        stuckChildren);
  }

  public RcuMount withDoomed() {
    return new RcuMount(
        hashed,
        inNamespace,
        count,
        syncUmount,
        true,
        shutDown,
        freed,
        cleanedBy,
        usersAtDetach,
        parent,
        stuckChildren);
  }

  /**
   * umount_tree: unhashed, disconnected from its parent, mnt_ns cleared, MNT_SYNC_UMOUNT when not
   * lazy.
   */
  public RcuMount detached(boolean sync, int users) {
    return new RcuMount(
        false, false, count, sync, doomed, shutDown, freed, cleanedBy, users, -1, stuckChildren);
  }

  /**
   * Planted: umount_tree disconnected it (mnt_parent is itself, mnt_ns cleared) but __umount_mnt
   * left it in the mount hash under its old parent and mountpoint.
   */
  public RcuMount detachedLeftInHash(boolean sync, int users) {
    return new RcuMount(
        true, false, count, sync, doomed, shutDown, freed, cleanedBy, users, -1, stuckChildren);
  }

  /**
   * umount_tree of its parent left it connected (a locked child of a lazy umount): still hashed and
   * on its parent, mnt_ns cleared, not among the victims.
   */
  public RcuMount leftConnected(int users) {
    return new RcuMount(
        hashed,
        false,
        count,
        syncUmount,
        doomed,
        shutDown,
        freed,
        cleanedBy,
        users,
        parent,
        stuckChildren);
  }

  /** __umount_mnt at its parent's final mntput: unhashed, its own parent. */
  public RcuMount unhashedFromParent() {
    return new RcuMount(
        false,
        inNamespace,
        count,
        syncUmount,
        doomed,
        shutDown,
        freed,
        cleanedBy,
        usersAtDetach,
        -1,
        stuckChildren);
  }

  /**
   * Attached in another namespace by move_mount (attach_recursive_mnt's commit_tree): in the mount
   * hash, mnt_ns still set (to the new namespace).
   */
  public RcuMount moved() {
    return new RcuMount(
        true,
        inNamespace,
        count,
        syncUmount,
        doomed,
        shutDown,
        freed,
        cleanedBy,
        usersAtDetach,
        parent,
        stuckChildren);
  }

  public RcuMount withParent(int p) {
    return new RcuMount(
        hashed,
        inNamespace,
        count,
        syncUmount,
        doomed,
        shutDown,
        freed,
        cleanedBy,
        usersAtDetach,
        p,
        stuckChildren);
  }

  public RcuMount withStuckChildren(int bits) {
    return new RcuMount(
        hashed,
        inNamespace,
        count,
        syncUmount,
        doomed,
        shutDown,
        freed,
        cleanedBy,
        usersAtDetach,
        parent,
        bits);
  }

  public RcuMount cleanedUp(Context by) {
    return new RcuMount(
        hashed, inNamespace, count, syncUmount, doomed, true, freed, by, usersAtDetach, parent, 0);
  }

  public RcuMount withFreed() {
    return new RcuMount(
        hashed,
        inNamespace,
        count,
        syncUmount,
        doomed,
        shutDown,
        true,
        cleanedBy,
        usersAtDetach,
        parent,
        stuckChildren);
  }
}
