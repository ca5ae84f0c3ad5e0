package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.labels;
import static mountcheck.model.rcu.RcuSteps.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The anon-ns-move scenario step by step: move_mount of an anonymous namespace's root empties and
 * frees that namespace (fs/namespace.c do_move_mount, attach_recursive_mnt, namespace_unlock,
 * free_mnt_ns) while the open_tree file's last fput runs dissolve_on_fput's lockless anon_ns_root
 * check (Linux 7.2). The expected outcomes are read from the kernel sources: the check's read-side
 * section holds off the call_rcu free, the check under namespace_sem sees the mount moved, and
 * 6.12's move frees the namespace with no grace period at all.
 */
class AnonNsMoveTest {
  private static final Scope K1 = Scope.ofBound(1);

  private static boolean anyStarts(RcuSystem sys, RcuState s, String prefix) {
    return labels(sys, s).stream().anyMatch(l -> l.startsWith(prefix));
  }

  @Test
  void bothFilesCountOnTheMountAndTheTargetNamespaceIsLive() {
    Setup setup = Setup.of(LifetimeDesign.MAINLINE, K1, RcuScenario.ANON_NS_MOVE);
    // the tree's reference, t0's open_tree file, t1's second file, fh0's directory fd
    assertEquals(4, setup.initial().mounts().get(0).count());
    assertTrue(setup.initial().namespaces().get(0).anon());
    assertFalse(setup.initial().namespaces().get(1).anon());
    assertEquals(1, setup.movedInto());
  }

  @Test
  void theLocklessCheckHoldsOffTheFreeOfTheNamespaceItRead() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.ANON_NS_MOVE);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: close open_tree fd: __fput: dissolve_on_fput: rcu_read_lock");
    s = apply(sys, s, "t1: move_mount m0 (second fd)");
    assertTrue(s.namespaces().get(0).emptied());
    assertTrue(s.mounts().get(0).hashed() && s.mounts().get(0).inNamespace());
    s = apply(sys, s, "t1: namespace_unlock: up_write(namespace_sem), free_mnt_ns(ns0)");
    assertFalse(anyStarts(sys, s, "rcu: grace period 0 ends"), "t0 is inside its section");
    Transition check = step(sys, s, "t0: is_anon_ns(ns0), ns0->root == m0, rcu_read_unlock");
    assertFalse(((RcuEvent.NsTouch) check.events().get(0)).freed());
    s = check.next();
    // under namespace_sem the mount is in ns1: nothing to dissolve, the file's put is a fast path
    s = apply(sys, s, "t0: dissolve_on_fput: namespace_sem, anon_ns_root(m0) false (mnt_ns = ns1)");
    s = apply(sys, s, "t0: __fput: mntput m0: rcu_read_lock, mnt_ns set: fast path");
    s = apply(sys, s, "t0: __fput: mntput m0 fast path: count-- (3)");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "rcu callback (grace period 0): mnt_ns_release_rcu");
    assertTrue(s.namespaces().get(0).freed());
    assertFalse(s.mounts().get(0).shutDown(), "m0 stays mounted in ns1");
  }

  @Test
  void aCheckAfterTheMoveSeesTheNewNamespaceAndStops() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.ANON_NS_MOVE);
    RcuState s = sys.initial();
    s = apply(sys, s, "t1: move_mount m0 (second fd)");
    s = apply(sys, s, "t1: namespace_unlock");
    s = apply(sys, s, "t0: close open_tree fd: __fput: dissolve_on_fput: rcu_read_lock");
    s = apply(sys, s, "t0: is_anon_ns(ns1) false, rcu_read_unlock: m0 was moved out");
    assertTrue(anyStarts(sys, s, "t0: __fput: mntput m0: rcu_read_lock, mnt_ns set"));
  }

  @Test
  void aDissolveFirstMakesTheMoveFailWithEinval() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.ANON_NS_MOVE);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: close open_tree fd: __fput: dissolve_on_fput: rcu_read_lock");
    s = apply(sys, s, "t0: is_anon_ns(ns0)");
    s = apply(sys, s, "t0: dissolve_on_fput: namespace_sem, anon_ns_root(m0) (ns0)");
    assertFalse(anyStarts(sys, s, "t1: move_mount"), "t0 holds namespace_sem");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock: up_write(namespace_sem), free_mnt_ns(ns0)");
    s = apply(sys, s, "t1: move_mount m0 (second fd): namespace_sem, do_move_mount: m0 is no");
    assertEquals(OpResult.EINVAL, s.tasks().get(1).result());
  }

  @Test
  void withoutTheReadSectionTheCheckDereferencesTheFreedNamespace() {
    RcuSystem sys =
        RcuSystem.of(LifetimeDesign.DISSOLVE_CHECK_WITHOUT_RCU, K1, RcuScenario.ANON_NS_MOVE);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: close open_tree fd: __fput: dissolve_on_fput: no rcu_read_lock");
    s = apply(sys, s, "t1: move_mount m0 (second fd)");
    s = apply(sys, s, "t1: namespace_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "rcu callback (grace period 0): mnt_ns_release_rcu");
    Transition check = step(sys, s, "t0: is_anon_ns(ns0)");
    assertTrue(((RcuEvent.NsTouch) check.events().get(0)).freed());
  }

  @Test
  void linux612FreesTheMovedOutNamespaceWithoutAGracePeriod() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.LINUX_6_12, K1, RcuScenario.ANON_NS_MOVE);
    RcuState s = sys.initial();
    // 6.12's dissolve_on_fput has no lockless check
    assertFalse(anyStarts(sys, s, "t0: close open_tree fd: __fput: dissolve_on_fput: rcu_"));
    s = apply(sys, s, "fh0: open_by_handle_at: capable_wrt_mount: rcu_read_lock");
    s = apply(sys, s, "t1: move_mount m0 (second fd)");
    s = apply(sys, s, "t1: after namespace_unlock: free_mnt_ns(ns0): mnt_ns_release ns0");
    assertTrue(s.namespaces().get(0).freed());
    Transition check = step(sys, s, "fh0: ns_capable(ns0->user_ns)");
    assertTrue(((RcuEvent.NsTouch) check.events().get(0)).freed());
  }
}
