package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.labels;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The readers that get a namespace with ns_get_unless_inactive (Linux 7.2: fs/nsfs.c
 * nsfs_fh_to_dentry, kernel/nstree.c do_listns) in the ns-get scenario, step by step; the counts
 * expected after each step are worked out by hand from the functions' order of operations.
 */
class NsGetReaderTest {
  private static final Scope K1 = Scope.ofBound(1);
  private static final Scope K2 = Scope.ofBound(2);

  private static Transition find(RcuSystem sys, RcuState s, String prefix) {
    for (Transition t : sys.successors(s)) if (t.label().startsWith(prefix)) return t;
    throw new AssertionError("no step starting with '" + prefix + "' among " + labels(sys, s));
  }

  private static boolean anyStarts(RcuSystem sys, RcuState s, String prefix) {
    return labels(sys, s).stream().anyMatch(l -> l.startsWith(prefix));
  }

  @Test
  void theScenarioAlternatesListnsAndNsfsHandleReaders() {
    Setup setup = Setup.of(LifetimeDesign.MAINLINE, K2, RcuScenario.NS_GET);
    assertEquals(List.of(NsReaderKind.LISTNS, NsReaderKind.NSFS_HANDLE), setup.nsReaderKinds());
    RcuNamespace ns0 = setup.initial().namespaces().get(0);
    assertEquals(1, ns0.active(), "t0's nsfs file holds the one reference");
    assertEquals(1, ns0.activeUsers(), "and the one active use");
  }

  @Test
  void aReaderThatHoldsTheLastReferenceTearsTheNamespaceDownAfterRcuReadUnlock() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.NS_GET);
    RcuState s = sys.initial();
    s = apply(sys, s, "ln0: listns: rcu_read_lock, list_for_each_entry_from_rcu reaches ns0");
    s = apply(sys, s, "ln0: ns_get_unless_inactive: __ns_ref_active(ns0) 1");
    s = apply(sys, s, "ln0: refcount_inc_not_zero(ns0 ref) (2)");
    s = apply(sys, s, "t0: close nsfs fd: nsfs_evict: __ns_ref_active_put(ns0) (0, inactive)");
    s = apply(sys, s, "t0: nsfs_evict: ns->ops->put: put_mnt_ns: ns_ref_put(ns0) (1)");
    assertFalse(s.namespaces().get(0).emptied(), "t0's put was not the last");
    s = apply(sys, s, "ln0: rcu_read_unlock, put_user(ns0's id), the list ends");
    Transition put = find(sys, s, "ln0: ns_put: put_mnt_ns: ns_ref_put(ns0) (0), last:");
    assertTrue(put.events().stream().noneMatch(e -> e instanceof RcuEvent.SleepInRcuReadSide));
    s = put.next();
    RcuNamespace ns0 = s.namespaces().get(0);
    assertTrue(ns0.emptied() && ns0.removed() && !ns0.inTree(), "torn down by ln0");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "rcu callback (grace period 0): mnt_ns_release_rcu");
    assertTrue(s.namespaces().get(0).freed());
  }

  @Test
  void aGetAfterTheLastPutFailsAndTheReleaseWaitsForTheReader() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.NS_GET);
    RcuState s = sys.initial();
    s = apply(sys, s, "ln0: listns: rcu_read_lock");
    s = apply(sys, s, "ln0: ns_get_unless_inactive: __ns_ref_active(ns0) 1");
    s = apply(sys, s, "t0: close nsfs fd");
    s = apply(sys, s, "t0: nsfs_evict: ns->ops->put: put_mnt_ns: ns_ref_put(ns0) (0), last:");
    assertFalse(anyStarts(sys, s, "rcu: grace period 0 ends"), "ln0 is inside its section");
    Transition get = find(sys, s, "ln0: refcount_inc_not_zero(ns0 ref) fails: NULL");
    assertTrue(get.events().stream().noneMatch(e -> e instanceof RcuEvent.NsRefFromZero));
    s = get.next();
    assertEquals(0, s.namespaces().get(0).active());
    s = apply(sys, s, "rcu: grace period 0 ends");
  }

  @Test
  void anUnconditionalIncrementTakesTheNamespaceFromZero() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.NS_GET_UNCONDITIONAL_INC, K1, RcuScenario.NS_GET);
    RcuState s = sys.initial();
    s = apply(sys, s, "ln0: listns: rcu_read_lock");
    s = apply(sys, s, "ln0: ns_get_unless_inactive: __ns_ref_active(ns0) 1");
    s = apply(sys, s, "t0: close nsfs fd");
    s = apply(sys, s, "t0: nsfs_evict: ns->ops->put: put_mnt_ns: ns_ref_put(ns0) (0), last:");
    Transition get = find(sys, s, "ln0: refcount_inc(ns0 ref) (1)");
    assertTrue(get.events().contains(new RcuEvent.NsRefFromZero("ln0", 0)), get.events() + "");
  }

  @Test
  void withoutTheReadSectionTheLookedUpNamespaceIsFreedUnderTheReader() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.NS_GET_WITHOUT_RCU, K1, RcuScenario.NS_GET);
    RcuState s = sys.initial();
    s = apply(sys, s, "ln0: listns: no rcu_read_lock, list_for_each_entry_from_rcu reaches ns0");
    s = apply(sys, s, "t0: close nsfs fd");
    s = apply(sys, s, "t0: nsfs_evict: ns->ops->put: put_mnt_ns: ns_ref_put(ns0) (0), last:");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "rcu callback (grace period 0): mnt_ns_release_rcu");
    assertTrue(s.namespaces().get(0).freed());
    Transition read = find(sys, s, "ln0: ns_get_unless_inactive: ns0 inactive");
    RcuEvent.NsTouch touch = (RcuEvent.NsTouch) read.events().get(0);
    assertTrue(touch.freed());
  }

  @Test
  void listnsPuttingInsideTheSectionSleepsThere() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.LISTNS_PUT_UNDER_RCU, K1, RcuScenario.NS_GET);
    RcuState s = sys.initial();
    s = apply(sys, s, "ln0: listns: rcu_read_lock");
    s = apply(sys, s, "ln0: ns_get_unless_inactive: __ns_ref_active(ns0) 1");
    s = apply(sys, s, "ln0: refcount_inc_not_zero(ns0 ref) (2)");
    s = apply(sys, s, "t0: close nsfs fd");
    s = apply(sys, s, "t0: nsfs_evict: ns->ops->put: put_mnt_ns: ns_ref_put(ns0) (1)");
    Transition put = find(sys, s, "ln0: rcu_read_unlock, put_user(ns0's id), rcu_read_lock");
    assertTrue(
        put.events()
            .contains(
                new RcuEvent.SleepInRcuReadSide("ln0", "put_mnt_ns: down_write(namespace_sem)")),
        put.events() + "");
  }

  @Test
  void theNsfsHandleReaderGetsEpermAfterItsPut() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K2, RcuScenario.NS_GET);
    RcuState s = sys.initial();
    s = apply(sys, s, "nh1: open_by_handle_at (nsfs handle): nsfs_fh_to_dentry: rcu_read_lock");
    s = apply(sys, s, "nh1: ns_get_unless_inactive: __ns_ref_active(ns0) 1");
    s = apply(sys, s, "nh1: refcount_inc_not_zero(ns0 ref) (2)");
    s = apply(sys, s, "nh1: rcu_read_unlock; owning_ns set, !may_see_all_namespaces()");
    s = apply(sys, s, "nh1: ns->ops->put: put_mnt_ns: ns_ref_put(ns0) (1): EPERM");
    assertEquals(NsReaderPhase.DONE, s.nsReaders().get(1).phase());
    assertFalse(s.namespaces().get(0).emptied(), "t0's file still holds it");
  }
}
