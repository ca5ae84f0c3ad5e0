package mountcheck.model.rcu;

/**
 * One RCU path walker.
 *
 * @param phase where it is
 * @param seq the mount_lock sequence sampled on entry
 * @param holdsRef legitimize succeeded: it holds a real reference
 * @param pendingCleanup its failed legitimize dropped the final reference: cleanup_mnt is queued to
 *     its task_work
 * @param target the mount it looks up and legitimizes: fixed for a forward walk ({@link
 *     Setup#readerTargets()}), for a {@code ..} walk the parent it found through mnt_parent (-1
 *     before)
 */
public record Reader(
    ReaderPhase phase, int seq, boolean holdsRef, boolean pendingCleanup, int target) {

  /** A reader that has not started, walking to {@code target} (-1: found on the way). */
  public static Reader idle(int target) {
    return new Reader(ReaderPhase.IDLE, 0, false, false, target);
  }

  public Reader withPhase(ReaderPhase p) {
    return new Reader(p, seq, holdsRef, pendingCleanup, target);
  }

  public Reader withTarget(int t) {
    return new Reader(phase, seq, holdsRef, pendingCleanup, t);
  }
}
