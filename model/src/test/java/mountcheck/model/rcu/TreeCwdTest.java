package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The tree-cwd scenario step by step: a walker whose working directory is inside m0 while t0 runs
 * umount -l on m0 with m1 mounted on it. Expected from fs/namespace.c umount_tree (__umount_mnt
 * unhashes each disconnected child), mntput_no_expire (the slow path once mnt_ns is NULL) and
 * fs/namei.c (a walk starts from the working directory it holds): the walker no longer finds m1,
 * and its path_put of the working directory after umount -l returned is m0's final mntput.
 */
class TreeCwdTest {
  private static final Scope K1 = Scope.ofBound(1);

  private static RcuState umountReturned(RcuSystem sys, RcuState s, int usersAtDetach) {
    s = apply(sys, s, "t0: umount -l m0: path lookup");
    s = apply(sys, s, "t0: umount_tree m0, m1: unhash");
    s = apply(sys, s, "t0: namespace_unlock: synchronize_rcu_expedited");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "t0: grace period 0 over: mntput m0 (count 2); mntput m1 (count 0), final");
    Transition ret = step(sys, s, "t0: path_put m0 (count 1), umount returns 0");
    RcuEvent.UmountReturned u =
        ret.events().stream()
            .filter(RcuEvent.UmountReturned.class::isInstance)
            .map(RcuEvent.UmountReturned.class::cast)
            .findFirst()
            .orElseThrow();
    assertEquals(usersAtDetach, u.otherUsers(), "the walker's working directory is a user");
    assertFalse(u.shutDown());
    return ret.next();
  }

  @Test
  void theWalkersWorkingDirectoryHoldsM0() {
    Setup setup = Setup.of(LifetimeDesign.MAINLINE, K1, RcuScenario.TREE_CWD);
    assertEquals(0, setup.dotdotCwd(0));
    assertEquals(1, setup.readerTargets().get(0));
    // the tree's reference and the working directory
    assertEquals(2, setup.initial().mounts().get(0).count());
  }

  @Test
  void afterUmountLTheWalkerMissesTheChildAndDoesM0sFinalPut() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.TREE_CWD);
    RcuState s = umountReturned(sys, sys.initial(), 1);
    assertTrue(s.mounts().get(1).shutDown(), "m1 had no other user");
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: from its cwd in m0: __lookup_mnt misses m1 (unhashed)");
    s = apply(sys, s, "r0: rcu_read_unlock");
    s =
        apply(
            sys,
            s,
            "r0: path_put of its cwd m0 (count 0), return to user space, task_work:"
                + " cleanup_mnt m0");
    assertTrue(s.mounts().get(0).shutDown());
    assertEquals(Context.READER, s.mounts().get(0).cleanedBy());
  }

  @Test
  void withTheChildLeftInTheHashTheWalkerEntersItsShutDownFilesystem() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.UMOUNT_CHILD_LEFT_HASHED, K1, RcuScenario.TREE_CWD);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: umount -l m0: path lookup");
    s = apply(sys, s, "t0: umount_tree m0, m1 (left in the hash)");
    s = apply(sys, s, "t0: namespace_unlock: synchronize_rcu_expedited");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "t0: grace period 0 over");
    s = apply(sys, s, "t0: path_put m0 (count 1), umount returns 0");
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: from its cwd in m0: __lookup_mnt finds m1");
    Transition walk = step(sys, s, "r0: walks into m1");
    RcuEvent.Touch touch = (RcuEvent.Touch) walk.events().get(0);
    assertTrue(touch.fsShutDown());
  }
}
