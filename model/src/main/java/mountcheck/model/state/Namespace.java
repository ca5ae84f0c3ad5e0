package mountcheck.model.state;

/**
 * A mount namespace.
 *
 * @param userNamespace the owning user namespace (governs locking of copies)
 * @param root the namespace's root mount
 * @param mountCount {@code nr_mounts}: every mount in the namespace, including the mounts that
 *     existed before the scenario and that the model does not represent one by one
 * @param anonymous an anonymous namespace (alloc_mnt_ns(.., true)): the detached tree that
 *     open_tree(OPEN_TREE_CLONE) or fsmount() made, which no task is in
 * @param origin for a detached tree that open_tree(OPEN_TREE_CLONE) made: the mount namespace its
 *     source was attached in ({@code seq_origin}, get_detached_copy(): a copy of a detached tree
 *     inherits its source's origin); 0 for every other namespace and for fsmount()'s trees
 */
public record Namespace(
    int id, int userNamespace, int root, int mountCount, boolean anonymous, int origin) {
  public Namespace withMountCount(int count) {
    return new Namespace(id, userNamespace, root, count, anonymous, origin);
  }

  /**
   * check_anonymous_mnt(): whether a caller in mount namespace {@code caller} may copy from this
   * detached tree, or mount on it: it has no origin, or the caller's namespace is its origin.
   */
  public boolean usableFrom(int caller) {
    return anonymous && (origin == 0 || origin == caller);
  }
}
