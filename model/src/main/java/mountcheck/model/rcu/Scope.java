package mountcheck.model.rcu;

/**
 * The size of the world the explorer enumerates: how many RCU readers, mounts, file holders and ipc
 * namespace cycles exist. {@link #ofBound} maps the CLI's single --bound K to a scope.
 *
 * @param bound the K this scope was made from
 * @param readers RCU path walkers, reader i looks up mount i mod mounts
 * @param mounts mounts unmounted one after the other by the umounting task
 * @param holders tasks holding an open file on the last mount (another user of that mount)
 * @param ipcCycles create/put cycles of the ipc task t0; from bound 2 on a second task t1 creates
 *     and puts one namespace concurrently
 * @param ipcLimit the ucount limit on ipc namespaces (max_ipc_namespaces)
 */
public record Scope(int bound, int readers, int mounts, int holders, int ipcCycles, int ipcLimit) {

  public Scope {
    if (readers < 0 || readers > 30) throw new IllegalArgumentException("readers: 0..30");
    if (mounts < 1 || holders < 0 || ipcCycles < 1 || ipcLimit < 1)
      throw new IllegalArgumentException("scope sizes must be positive");
  }

  /**
   * K readers; one mount, from K = 2 two mounts and a file holder on m1; K + 1 ipc cycles (and,
   * from K = 2, a second creator) with a limit of 1 + K / 3 namespaces.
   */
  public static Scope ofBound(int k) {
    if (k < 1) throw new IllegalArgumentException("bound must be at least 1");
    return new Scope(k, k, k >= 2 ? 2 : 1, k >= 2 ? 1 : 0, k + 1, 1 + k / 3);
  }

  /** Tasks creating ipc namespaces: t0, and from bound 2 on t1 with one cycle. */
  public int ipcCreators() {
    return bound >= 2 ? 2 : 1;
  }

  @Override
  public String toString() {
    return "K="
        + bound
        + " ("
        + readers
        + " readers, "
        + mounts
        + " mounts, "
        + holders
        + " holders, "
        + ipcCycles
        + " ipc cycles"
        + (ipcCreators() > 1 ? " + 1 of a second creator" : "")
        + ", ipc limit "
        + ipcLimit
        + ")";
  }
}
