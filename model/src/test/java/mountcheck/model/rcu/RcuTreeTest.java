package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.labels;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two-level trees and two updaters: several victims in one namespace_unlock, a locked child left
 * connected and put by its parent's cleanup_mnt (mnt_stuck_children), a {@code ..} walk through
 * mnt_parent, and a second umount that finds its mount gone.
 */
class RcuTreeTest {
  private static String label(RcuSystem sys, RcuState s, String prefix) {
    for (String l : labels(sys, s)) if (l.startsWith(prefix)) return l;
    throw new AssertionError("no step starting with '" + prefix + "' among " + labels(sys, s));
  }

  @Test
  void oneNamespaceUnlockDropsTheParentAndItsChild() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, Scope.ofBound(1), RcuScenario.TREE);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: umount -l m0: path lookup (count 2)");
    s = apply(sys, s, "t0: umount -l m0: namespace_sem, lock_mount_hash");
    s = apply(sys, s, "t0: umount_tree m0, m1: unhash, mnt_ns = NULL");
    assertFalse(s.mounts().get(1).hashed());
    assertEquals(-1, s.mounts().get(1).parent());
    assertEquals(List.of(0, 1), s.tasks().get(0).victims());
    s = apply(sys, s, "t0: namespace_unlock: synchronize_rcu_expedited");
    s = apply(sys, s, "rcu: grace period 0 ends");
    assertEquals(
        "t0: grace period 0 over: mntput m0 (count 1); mntput m1 (count 0), final: cleanup_mnt"
            + " queued"
            + " to task_work",
        label(sys, s, "t0: grace period 0 over"));
    s = apply(sys, s, "t0: grace period 0 over");
    String ret = label(sys, s, "t0: path_put m0");
    assertTrue(ret.contains("cleanup_mnt m1") && ret.contains("cleanup_mnt m0"), ret);
  }

  @Test
  void theSecondUmountFindsItsMountGoneAndMayDropTheLastReference() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, Scope.ofBound(1), RcuScenario.TREE);
    RcuState s = sys.initial();
    s = apply(sys, s, "t1: umount -l m1: path lookup (count 2)");
    s = apply(sys, s, "t0: umount -l m0: path lookup");
    s = apply(sys, s, "t0: umount -l m0: namespace_sem");
    s = apply(sys, s, "t0: umount_tree m0, m1");
    s = apply(sys, s, "t0: namespace_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "t0: grace period 0 over: mntput m0 (count 1); mntput m1 (count 1)");
    s = apply(sys, s, "t1: umount -l m1: namespace_sem, lock_mount_hash");
    s = apply(sys, s, "t1: do_umount m1: no longer mounted (mnt_ns NULL): EINVAL");
    String ret = label(sys, s, "t1: path_put m1 (count 0), umount returns EINVAL");
    assertTrue(ret.endsWith("task_work: cleanup_mnt m1 (superblock shut down)"), ret);
  }

  @Test
  void aLockedChildStaysConnectedUntilItsParentsFinalPutAndIsPutByItsCleanup() {
    RcuSystem sys =
        RcuSystem.of(LifetimeDesign.MAINLINE, Scope.ofBound(1), RcuScenario.TREE_LOCKED);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: umount -l m0: path lookup");
    s = apply(sys, s, "t0: umount -l m0: namespace_sem");
    s = apply(sys, s, "t0: umount_tree m0, m1 (MNT_LOCKED) stays connected");
    RcuMount child = s.mounts().get(1);
    assertTrue(child.hashed(), "a connected child stays in the hash");
    assertFalse(child.inNamespace());
    assertEquals(0, child.parent());
    assertEquals(List.of(0), s.tasks().get(0).victims());
    s = apply(sys, s, "t0: namespace_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "t0: grace period 0 over: mntput m0 (count 1)");
    int seq = s.seq();
    String ret = label(sys, s, "t0: path_put m0 (count 0)");
    assertTrue(ret.contains("cleanup_mnt m0 (mntput of stuck child m1, count 0)"), ret);
    s = apply(sys, s, "t0: path_put m0 (count 0)");
    // two slow paths, each lock_mount_hash bumping the sequence by 2: m0's final mntput, under
    // which the child is unhashed, and the child's own final mntput from cleanup_mnt
    assertEquals(seq + 4, s.seq(), "m0's slow path and the stuck child's");
    assertTrue(s.mounts().get(1).shutDown());
    assertFalse(s.mounts().get(1).hashed());
  }

  @Test
  void theLockedChildCannotBeUnmountedAlone() {
    RcuSystem sys =
        RcuSystem.of(LifetimeDesign.MAINLINE, Scope.ofBound(1), RcuScenario.TREE_LOCKED);
    RcuState s = sys.initial();
    s = apply(sys, s, "t1: umount -l m1: path lookup");
    s = apply(sys, s, "t1: umount -l m1: namespace_sem");
    s = apply(sys, s, "t1: do_umount m1: MNT_LOCKED: EINVAL");
    // path_put's mntput in two steps: the fast path while mnt_ns is set
    s = apply(sys, s, "t1: path_put m1: mntput: rcu_read_lock, mnt_ns set: fast path");
    s =
        apply(
            sys,
            s,
            "t1: path_put m1: mntput fast path: count-- (1), rcu_read_unlock, umount returns");
    assertTrue(s.mounts().get(1).inNamespace());
  }

  @Test
  void aDotDotWalkGoesUpThroughMntParentOnlyWhileTheChildIsConnected() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, Scope.ofBound(2), RcuScenario.TREE);
    RcuState s = sys.initial();
    s = apply(sys, s, "r1: rcu_read_lock");
    s =
        apply(
            sys,
            s,
            "r1: follow_dotdot_rcu at m1's root: mnt_parent = m0, its mountpoint dentry, mount_lock"
                + " unchanged");
    assertEquals(0, s.readers().get(1).target());
    RcuState after = sys.initial();
    after = apply(sys, after, "t1: umount -l m1: path lookup");
    after = apply(sys, after, "t1: umount -l m1: namespace_sem");
    after = apply(sys, after, "t1: umount_tree m1");
    after = apply(sys, after, "r1: rcu_read_lock");
    after = apply(sys, after, "r1: follow_dotdot_rcu at m1's root: mnt_parent = m1 (itself)");
    assertEquals(-1, after.readers().get(1).target());
  }

  @Test
  void aWalkDoesNotReachTheLockedChildOnceItsParentIsUnhashed() {
    RcuSystem sys =
        RcuSystem.of(LifetimeDesign.MAINLINE, Scope.ofBound(1), RcuScenario.TREE_LOCKED);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: umount -l m0: path lookup");
    s = apply(sys, s, "t0: umount -l m0: namespace_sem");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: __lookup_mnt misses m0 (unhashed), so never reaches m1");
  }
}
