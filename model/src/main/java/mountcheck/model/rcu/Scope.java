package mountcheck.model.rcu;

/**
 * The size of the world the explorer enumerates: how many RCU readers, mounts, file holders and ipc
 * namespace cycles exist. {@link #ofBound} maps the CLI's single --bound K to a scope.
 *
 * @param bound the K this scope was made from
 * @param readers RCU path walkers, reader i looks up mount i mod mounts
 * @param mounts mounts unmounted one after the other by the umounting task
 * @param holders tasks holding an open file on the last mount (another user of that mount)
 * @param ipcCycles create/put cycles of the ipc task t0; {@link #ipcCreators()} - 1 more tasks
 *     create and put one namespace each, concurrently
 * @param ipcLimit the ucount limit on ipc namespaces (max_ipc_namespaces)
 * @param ipcCreators tasks creating ipc namespaces, t0 included
 */
public record Scope(
    int bound, int readers, int mounts, int holders, int ipcCycles, int ipcLimit, int ipcCreators) {

  public Scope {
    if (readers < 0 || readers > 30) throw new IllegalArgumentException("readers: 0..30");
    if (mounts < 1 || holders < 0 || ipcCycles < 1 || ipcLimit < 1 || ipcCreators < 1)
      throw new IllegalArgumentException("scope sizes must be positive");
  }

  /** A scope with one ipc creator. */
  public Scope(int bound, int readers, int mounts, int holders, int ipcCycles, int ipcLimit) {
    this(bound, readers, mounts, holders, ipcCycles, ipcLimit, 1);
  }

  /**
   * Every scenario grows with K, so that a schedule of bound K is one of bound K + 1 too (the
   * verdicts are monotone; RcuVerdictsTest checks it): K path walkers (in tree and tree-locked, a
   * forward walk and a {@code ..} walk in turn), K lockless namespace readers (anon-ns: open_by_
   * handle_at; nsfs-close: listmount and open_by_handle_at in turn); one mount, from K = 2 two; one
   * file holder on the last mount (and on the mqueue mount at exit), whose close is what races the
   * ipc free; K + 1 ipc creators against a limit of K namespaces (t0 with K + 1 create/put cycles,
   * the others with one each), so that K namespaces waiting for their free can fill the limit while
   * one more creator asks, at every bound.
   */
  public static Scope ofBound(int k) {
    if (k < 1) throw new IllegalArgumentException("bound must be at least 1");
    return new Scope(k, k, k >= 2 ? 2 : 1, 1, k + 1, k, k + 1);
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
        + (ipcCreators > 1 ? " + 1 of " + (ipcCreators - 1) + " more creators" : "")
        + ", ipc limit "
        + ipcLimit
        + ")";
  }
}
