package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shared-superblock scenario: m0 and m1 are two mounts of one superblock, t0 unmounts m0 while
 * a walker enters m1. Expected from fs/namespace.c cleanup_mnt (deactivate_super of the mount's
 * superblock) and fs/super.c deactivate_super (kill_sb only when the active reference it drops is
 * the last): umount returns with m0's cleanup_mnt done and the superblock still alive, held by m1.
 */
class SharedSuperblockTest {
  private static final Scope K1 = Scope.ofBound(1);

  private static RcuState m0Unmounted(RcuSystem sys) {
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: umount m0: path lookup (count 2)");
    s = apply(sys, s, "t0: do_umount: smp_mb, not busy (count 2), umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock: synchronize_rcu_expedited");
    s = apply(sys, s, "rcu: grace period 0 ends");
    return apply(sys, s, "t0: grace period 0 over: mntput m0 (count 1)");
  }

  @Test
  void bothMountsHaveOneSuperblock() {
    Setup setup = Setup.of(LifetimeDesign.MAINLINE, K1, RcuScenario.SHARED_SUPERBLOCK);
    assertEquals(setup.superblockOf(0), setup.superblockOf(1));
    assertEquals(List.of(1), setup.readerTargets(), "the walker looks up the mount that stays");
    Setup other = Setup.of(LifetimeDesign.MAINLINE, Scope.ofBound(2), RcuScenario.UMOUNT_SYNC);
    assertEquals(1, other.superblockOf(1), "elsewhere each mount has its own");
  }

  @Test
  void theOtherMountKeepsTheSuperblockAliveAfterUmountReturns() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.SHARED_SUPERBLOCK);
    RcuState s = m0Unmounted(sys);
    Transition ret =
        step(
            sys,
            s,
            "t0: path_put m0 (count 0), umount returns 0, return to user space, task_work:"
                + " cleanup_mnt m0 (deactivate_super: m1 still holds the superblock)");
    RcuEvent.UmountReturned u =
        ret.events().stream()
            .filter(RcuEvent.UmountReturned.class::isInstance)
            .map(RcuEvent.UmountReturned.class::cast)
            .findFirst()
            .orElseThrow();
    assertTrue(u.shutDown(), "m0's cleanup_mnt ran before umount returned");
    s = ret.next();
    assertFalse(sys.setup().superblockKilled(s.mounts(), 1));
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: __lookup_mnt finds m1");
    Transition walk = step(sys, s, "r0: walks into m1");
    RcuEvent.Touch touch = (RcuEvent.Touch) walk.events().get(0);
    assertFalse(touch.fsShutDown());
  }

  @Test
  void killSbAtEveryDeactivateShutsItDownUnderTheOtherMount() {
    RcuSystem sys =
        RcuSystem.of(
            LifetimeDesign.KILL_SB_WITHOUT_ACTIVE_COUNT, K1, RcuScenario.SHARED_SUPERBLOCK);
    RcuState s = m0Unmounted(sys);
    s = apply(sys, s, "t0: path_put m0 (count 0), umount returns 0");
    assertTrue(sys.setup().superblockKilled(s.mounts(), 1));
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: __lookup_mnt finds m1");
    Transition walk = step(sys, s, "r0: walks into m1");
    RcuEvent.Touch touch = (RcuEvent.Touch) walk.events().get(0);
    assertTrue(touch.fsShutDown());
  }
}
