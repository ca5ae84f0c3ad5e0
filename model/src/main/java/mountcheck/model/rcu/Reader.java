package mountcheck.model.rcu;

/**
 * One RCU path walker.
 *
 * @param phase where it is
 * @param seq the mount_lock sequence sampled on entry
 * @param holdsRef legitimize succeeded: it holds a real reference
 * @param pendingCleanup its failed legitimize dropped the final reference: cleanup_mnt is queued to
 *     its task_work
 */
public record Reader(ReaderPhase phase, int seq, boolean holdsRef, boolean pendingCleanup) {
  public static final Reader IDLE = new Reader(ReaderPhase.IDLE, 0, false, false);

  public Reader withPhase(ReaderPhase p) {
    return new Reader(p, seq, holdsRef, pendingCleanup);
  }
}
