package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The expiry scenario step by step: a kworker expires the automount m0 while a walker looks it up.
 * Expected from fs/namespace.c mark_mounts_for_expiry (propagate_mount_busy(mnt, 1), then
 * umount_tree with UMOUNT_SYNC), __legitimize_mnt (an increment on an MNT_SYNC_UMOUNT mount is
 * given back without mntput) and mntput_no_expire_slowpath (a kernel thread's final put queues
 * cleanup_mnt to delayed_mntput_work, since it has no task_work).
 */
class ExpiryTest {
  private static final Scope K1 = Scope.ofBound(1);

  private static RcuEvent.ExpiryDone done(Transition t) {
    return t.events().stream()
        .filter(RcuEvent.ExpiryDone.class::isInstance)
        .map(RcuEvent.ExpiryDone.class::cast)
        .findFirst()
        .orElseThrow();
  }

  /** The walker passes its first sequence check before the kworker takes mount_lock. */
  private static RcuState walkerChecked(RcuSystem sys) {
    RcuState s = sys.initial();
    s = apply(sys, s, "r0: rcu_read_lock, read_seqbegin(mount_lock) = 0");
    s = apply(sys, s, "r0: __lookup_mnt finds m0");
    s = apply(sys, s, "r0: walks into m0");
    return apply(sys, s, "r0: legitimize_mnt m0: sequence unchanged");
  }

  @Test
  void theExpiringWorkIsAKernelThread() {
    Setup setup = Setup.of(LifetimeDesign.MAINLINE, K1, RcuScenario.EXPIRY);
    assertEquals(Context.WORKER, setup.tasks().get(0).context());
    assertEquals(1, setup.initial().mounts().get(0).count(), "only its parent references it");
  }

  @Test
  void aRacingWalkerGivesItsIncrementBackAndTheFinalPutGoesToDelayedMntput() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.EXPIRY);
    RcuState s = walkerChecked(sys);
    s = apply(sys, s, "kworker-expire: mark_mounts_for_expiry: namespace_sem, lock_mount_hash");
    s =
        apply(
            sys,
            s,
            "kworker-expire: mark_mounts_for_expiry: marked, propagate_mount_busy(m0, 1): not busy,"
                + " umount_tree m0: unhash, mnt_ns = NULL, MNT_SYNC_UMOUNT");
    s = apply(sys, s, "r0: legitimize_mnt m0: count++ (2)");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence changed, MNT_SYNC_UMOUNT: undo");
    assertEquals(1, s.mounts().get(0).count());
    s = apply(sys, s, "kworker-expire: namespace_unlock: synchronize_rcu_expedited");
    s = apply(sys, s, "r0: rcu_read_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s =
        apply(
            sys,
            s,
            "kworker-expire: grace period 0 over: mntput m0 (count 0), final: cleanup_mnt queued to"
                + " delayed_mntput_work");
    Transition end = step(sys, s, "kworker-expire: mark_mounts_for_expiry returns");
    assertEquals(OpResult.OK, done(end).result());
    assertTrue(done(end).handedOn());
    assertFalse(end.next().mounts().get(0).shutDown(), "nobody waited for the cleanup");
    s = apply(sys, end.next(), "kworker: delayed_mntput_work: cleanup_mnt m0");
    assertEquals(Context.WORKER, s.mounts().get(0).cleanedBy());
  }

  @Test
  void aWalkerThatHoldsTheMountMakesItBusy() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.EXPIRY);
    RcuState s = walkerChecked(sys);
    s = apply(sys, s, "r0: legitimize_mnt m0: count++ (2)");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence unchanged, reference held");
    s = apply(sys, s, "kworker-expire: mark_mounts_for_expiry: namespace_sem, lock_mount_hash");
    s =
        apply(
            sys,
            s,
            "kworker-expire: mark_mounts_for_expiry: propagate_mount_busy(m0, 1): busy (count 2 >"
                + " 1), left for a later pass");
    Transition end = step(sys, s, "kworker-expire: mark_mounts_for_expiry returns");
    assertEquals(OpResult.EBUSY, done(end).result());
    assertTrue(end.next().mounts().get(0).hashed(), "still mounted");
  }

  @Test
  void withoutUmountSyncTheWalkerTakesTheFinalReference() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.EXPIRY_WITHOUT_UMOUNT_SYNC, K1, RcuScenario.EXPIRY);
    RcuState s = walkerChecked(sys);
    s = apply(sys, s, "kworker-expire: mark_mounts_for_expiry: namespace_sem, lock_mount_hash");
    s = apply(sys, s, "kworker-expire: mark_mounts_for_expiry: marked");
    s = apply(sys, s, "r0: legitimize_mnt m0: count++ (2)");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence changed, not MNT_SYNC_UMOUNT");
    s = apply(sys, s, "kworker-expire: namespace_unlock: synchronize_rcu_expedited");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "kworker-expire: grace period 0 over: mntput m0 (count 1)");
    Transition end = step(sys, s, "kworker-expire: mark_mounts_for_expiry returns");
    assertFalse(done(end).handedOn());
    s = apply(sys, end.next(), "r0: mntput m0 (count 0), final: cleanup_mnt queued to r0's");
    s = apply(sys, s, "r0: return to user space, task_work: cleanup_mnt m0");
    assertEquals(Context.READER, s.mounts().get(0).cleanedBy());
  }
}
