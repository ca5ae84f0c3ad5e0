package mountcheck.model.state;

/**
 * A mount namespace.
 *
 * @param userNamespace the owning user namespace (governs locking of copies)
 * @param root the namespace's root mount
 * @param mountCount {@code nr_mounts}: every mount in the namespace, including the mounts that
 *     existed before the scenario and that the model does not represent one by one
 */
public record Namespace(int id, int userNamespace, int root, int mountCount) {
  public Namespace withMountCount(int count) {
    return new Namespace(id, userNamespace, root, count);
  }
}
