package mountcheck.model.rcu;

/**
 * The ipc namespaces of one user namespace, counted (they are interchangeable).
 *
 * @param live namespaces with live references (in use)
 * @param queued on the free list, not yet taken by the worker
 * @param batch taken by the worker, waiting for its grace period
 * @param charged charged to the ucount (in use plus not yet freed)
 * @param worker free_ipc_work's state
 * @param workerGp the grace period the worker waits for, -1 for none
 */
public record IpcState(
    int live, int queued, int batch, int charged, IpcWorker worker, int workerGp) {
  public static IpcState of(int live) {
    return new IpcState(live, 0, 0, live, IpcWorker.IDLE, -1);
  }

  public IpcState withLive(int n) {
    return new IpcState(n, queued, batch, charged, worker, workerGp);
  }

  public IpcState withCharged(int n) {
    return new IpcState(live, queued, batch, n, worker, workerGp);
  }
}
