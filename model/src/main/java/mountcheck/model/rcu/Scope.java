package mountcheck.model.rcu;

/**
 * The size of the world the explorer enumerates: how many RCU readers, mounts, file holders and ipc
 * namespace cycles exist. {@link #ofBound} maps the CLI's single --bound K to a scope.
 *
 * @param bound the K this scope was made from
 * @param readers RCU path walkers, reader i looks up mount i mod mounts
 * @param mounts mounts unmounted one after the other by the umounting task
 * @param holders tasks holding an open file on the last mount (another user of that mount)
 * @param ipcCycles create/put cycles of the ipc task
 * @param ipcLimit the ucount limit on ipc namespaces (max_ipc_namespaces)
 */
public record Scope(int bound, int readers, int mounts, int holders, int ipcCycles, int ipcLimit) {

  public Scope {
    if (readers < 0 || readers > 30) throw new IllegalArgumentException("readers: 0..30");
    if (mounts < 1 || holders < 0 || ipcCycles < 1 || ipcLimit < 1)
      throw new IllegalArgumentException("scope sizes must be positive");
  }

  /**
   * K readers; one mount, from K = 2 two mounts and a file holder on m1; K + 1 ipc cycles with a
   * limit of 1 + K / 3 namespaces.
   */
  public static Scope ofBound(int k) {
    if (k < 1) throw new IllegalArgumentException("bound must be at least 1");
    return new Scope(k, k, k >= 2 ? 2 : 1, k >= 2 ? 1 : 0, k + 1, 1 + k / 3);
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
        + " ipc cycles, ipc limit "
        + ipcLimit
        + ")";
  }
}
