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
 */
public record Namespace(int id, int userNamespace, int root, int mountCount, boolean anonymous) {
  public Namespace withMountCount(int count) {
    return new Namespace(id, userNamespace, root, count, anonymous);
  }
}
