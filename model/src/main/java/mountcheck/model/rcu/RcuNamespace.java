package mountcheck.model.rcu;

/**
 * The lifetime fields of one struct mnt_namespace (fs/mount.h, fs/namespace.c; docs/semantics.md
 * §4.5).
 *
 * @param anon an anonymous namespace (open_tree(OPEN_TREE_CLONE), fsmount): never in the namespace
 *     tree, dissolved by dissolve_on_fput when the file that owns it is closed
 * @param active the namespace's reference count (ns_common's __ns_ref: nsfs files, nsproxies, a
 *     reader that got it with ns_get_unless_inactive); the last put_mnt_ns empties it
 * @param passive passive references (ns->passive): one for being in the tree until
 *     mnt_ns_tree_remove's RCU callback drops it, one per listmount/statmount caller that looked it
 *     up; the memory is freed when it reaches 0
 * @param inTree in the namespace tree, so lookup_mnt_ns can find it by id
 * @param emptied umount_tree took its mounts (put_mnt_ns, dissolve_on_fput)
 * @param removed free_mnt_ns ran: ucount dropped, out of the tree, its release queued
 * @param releasedAfterGp the tree's passive reference was dropped by mnt_ns_release_rcu, after a
 *     grace period that started at the removal
 * @param freed mnt_ns_release freed the memory (kfree)
 * @param activeUsers the active-user count (Linux 7.2's __ns_ref_active, kernel/nscommon.c):
 *     nsproxies and nsfs files; at 0 the namespace is inactive and ns_get_unless_inactive refuses
 *     it, though its reference count may still be above 0
 */
public record RcuNamespace(
    boolean anon,
    int active,
    int passive,
    boolean inTree,
    boolean emptied,
    boolean removed,
    boolean releasedAfterGp,
    boolean freed,
    int activeUsers) {

  /** A namespace in the tree with {@code active} active references and the tree's passive one. */
  public static RcuNamespace live(int active) {
    return new RcuNamespace(false, active, 1, true, false, false, false, false, active);
  }

  /** An anonymous namespace, owned by the file open_tree(OPEN_TREE_CLONE) returned. */
  public static RcuNamespace anonymous() {
    return new RcuNamespace(true, 0, 1, false, false, false, false, false, 0);
  }

  public RcuNamespace withActive(int n) {
    return new RcuNamespace(
        anon, n, passive, inTree, emptied, removed, releasedAfterGp, freed, activeUsers);
  }

  public RcuNamespace withPassive(int n) {
    return new RcuNamespace(
        anon, active, n, inTree, emptied, removed, releasedAfterGp, freed, activeUsers);
  }

  public RcuNamespace withEmptied() {
    return new RcuNamespace(
        anon, active, passive, inTree, true, removed, releasedAfterGp, freed, activeUsers);
  }

  /** free_mnt_ns: out of the tree, release queued (or done, without the RCU delay). */
  public RcuNamespace withRemoved() {
    return new RcuNamespace(
        anon, active, passive, false, emptied, true, releasedAfterGp, freed, activeUsers);
  }

  public RcuNamespace withReleasedAfterGp() {
    return new RcuNamespace(
        anon, active, passive, inTree, emptied, removed, true, freed, activeUsers);
  }

  public RcuNamespace withActiveUsers(int n) {
    return new RcuNamespace(
        anon, active, passive, inTree, emptied, removed, releasedAfterGp, freed, n);
  }

  public RcuNamespace withFreed() {
    return new RcuNamespace(
        anon, active, passive, inTree, emptied, removed, releasedAfterGp, true, activeUsers);
  }
}
