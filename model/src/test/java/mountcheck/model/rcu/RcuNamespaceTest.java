package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.labels;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Mount-namespace lifetime: free_mnt_ns, passive references and lockless mnt_ns readers. */
class RcuNamespaceTest {
  private static final Scope K1 = Scope.ofBound(1);

  private static boolean anyStarts(RcuSystem sys, RcuState s, String prefix) {
    return labels(sys, s).stream().anyMatch(l -> l.startsWith(prefix));
  }

  @Test
  void theNamespaceReleaseWaitsForAPermissionCheckInsideItsReadSection() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.ANON_NS);
    RcuState s = sys.initial();
    s = apply(sys, s, "fh0: open_by_handle_at: capable_wrt_mount: rcu_read_lock");
    s = apply(sys, s, "t0: close open_tree fd: __fput: dissolve_on_fput");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock: up_write(namespace_sem), free_mnt_ns(ns0)");
    assertTrue(s.namespaces().get(0).removed());
    assertFalse(anyStarts(sys, s, "rcu: grace period 0 ends"), "fh0 is inside its section");
    s = apply(sys, s, "fh0: ns_capable(ns0->user_ns), rcu_read_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "rcu callback (grace period 0): mnt_ns_release_rcu");
    assertTrue(s.namespaces().get(0).freed());
  }

  @Test
  void withoutTheReadSectionTheOldCheckDereferencesTheFreedNamespace() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.FHANDLE_UNLOCKED_MNT_NS, K1, RcuScenario.ANON_NS);
    RcuState s = sys.initial();
    s = apply(sys, s, "fh0: open_by_handle_at: may_decode_fh: is_mounted(m0)");
    s = apply(sys, s, "fh0: may_decode_fh: reads m0->mnt_ns again = ns0");
    s = apply(sys, s, "t0: close open_tree fd");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "rcu callback (grace period 0)");
    assertTrue(s.namespaces().get(0).freed());
    Transition deref =
        sys.successors(s).stream()
            .filter(t -> t.label().startsWith("fh0: ns_capable(ns0->user_ns)"))
            .findFirst()
            .orElseThrow();
    RcuEvent.NsTouch touch = (RcuEvent.NsTouch) deref.events().get(0);
    assertTrue(touch.freed());
  }

  @Test
  void aPassiveReferenceKeepsTheNamespaceAfterTheTreeDropsItsOwn() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.NSFS_CLOSE);
    RcuState s = sys.initial();
    s = apply(sys, s, "lm0: listmount: lookup_mnt_ns: rcu_read_lock, ns_tree_lookup_rcu finds ns0");
    s = apply(sys, s, "t0: close nsfs fd: nsfs_evict: put_mnt_ns: last active reference of ns0");
    assertEquals(0, s.namespaces().get(0).active());
    s = apply(sys, s, "t0: umount_tree m0");
    assertFalse(anyStarts(sys, s, "lm0: namespace_sem"), "t0 still holds namespace_sem");
    s = apply(sys, s, "t0: namespace_unlock: up_write(namespace_sem), free_mnt_ns(ns0)");
    assertFalse(s.namespaces().get(0).inTree());
    assertFalse(anyStarts(sys, s, "rcu: grace period 0 ends"), "lm0 is inside its section");
    s = apply(sys, s, "lm0: refcount_inc(ns0->passive) (2), rcu_read_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s =
        apply(
            sys,
            s,
            "rcu callback (grace period 0): mnt_ns_release_rcu: mnt_ns_release ns0 (passive 1)");
    assertFalse(s.namespaces().get(0).freed());
    s = apply(sys, s, "lm0: namespace_sem (shared): ns0 is empty");
    s = apply(sys, s, "lm0: mnt_ns_release ns0 (passive 0), kfree");
    assertTrue(s.namespaces().get(0).freed());
  }

  @Test
  void aLookupAfterTheRemovalFindsNothing() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.NSFS_CLOSE);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: close nsfs fd");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock");
    s = apply(sys, s, "lm0: listmount: lookup_mnt_ns: ns0 not in the namespace tree: ENOENT");
    assertEquals(NsReaderPhase.DONE, s.nsReaders().get(0).phase());
  }

  @Test
  void theTeardownStepsFreeTheNamespaceBeforeTheGracePeriodOfTheVictims() {
    Op close = Plans.closeTearingDown(LifetimeDesign.MAINLINE, OpKind.CLOSE_NSFS);
    assertEquals(
        List.of(
            UpdaterStep.TEARDOWN_LOCK,
            UpdaterStep.UMOUNT_TREE,
            UpdaterStep.FREE_MNT_NS,
            UpdaterStep.SYNC_RCU_EXPEDITED,
            UpdaterStep.MNTPUT_VICTIMS,
            UpdaterStep.CLOSE_RETURN),
        close.steps());
    Op polled = Plans.closeTearingDown(LifetimeDesign.POLLED_GP, OpKind.CLOSE_TREE_FD);
    assertEquals(
        List.of(
            UpdaterStep.TEARDOWN_LOCK,
            UpdaterStep.UMOUNT_TREE,
            UpdaterStep.SNAPSHOT_GP,
            UpdaterStep.FREE_MNT_NS,
            UpdaterStep.COND_SYNC_RCU,
            UpdaterStep.MNTPUT_VICTIMS,
            UpdaterStep.CLOSE_RETURN),
        polled.steps());
  }
}
