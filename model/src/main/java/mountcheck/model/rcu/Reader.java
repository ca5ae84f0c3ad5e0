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
 * @param fastPut inside mntput_no_expire's fast path (rcu_read_lock taken, mnt_ns seen set, the
 *     decrement not yet done) for the mount it puts next: its target while it holds or owes a put
 *     of it, else its working directory
 */
public record Reader(
    ReaderPhase phase,
    int seq,
    boolean holdsRef,
    boolean pendingCleanup,
    int target,
    boolean fastPut) {

  /** A reader that has not started, walking to {@code target} (-1: found on the way). */
  public static Reader idle(int target) {
    return new Reader(ReaderPhase.IDLE, 0, false, false, target, false);
  }

  public Reader withPhase(ReaderPhase p) {
    return new Reader(p, seq, holdsRef, pendingCleanup, target, fastPut);
  }

  public Reader withTarget(int t) {
    return new Reader(phase, seq, holdsRef, pendingCleanup, t, fastPut);
  }

  public Reader withFastPut(boolean v) {
    return new Reader(phase, seq, holdsRef, pendingCleanup, target, v);
  }

  /** Inside an RCU read-side section: the walk's own, or a mntput fast path's. */
  public boolean inside() {
    return phase.inside() || fastPut;
  }
}
