package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.labels;
import static mountcheck.model.rcu.RcuSteps.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kern-unmount scenario step by step: t0 releases the kernel-internal mount m0 with
 * kern_unmount while a holder closes a file on it. Expected from fs/namespace.c kern_unmount
 * (mnt_make_shortterm, synchronize_rcu, mntput) and mntput_no_expire_slowpath (an MNT_INTERNAL
 * mount's final put calls cleanup_mnt itself, no task_work): whoever drops the last reference shuts
 * the filesystem down before it goes on, and the grace period lets a fast path that saw mnt_ns set
 * finish before the long-term reference goes.
 */
class KernUnmountTest {
  private static final Scope K1 = Scope.ofBound(1);

  private static RcuEvent.KernUnmountReturned returned(Transition t) {
    return t.events().stream()
        .filter(RcuEvent.KernUnmountReturned.class::isInstance)
        .map(RcuEvent.KernUnmountReturned.class::cast)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theMountIsInternalAndEachHolderHasAFileOnIt() {
    Setup setup = Setup.of(LifetimeDesign.MAINLINE, Scope.ofBound(2), RcuScenario.KERN_UNMOUNT);
    assertTrue(setup.internal(0));
    assertEquals(List.of(0, 0), setup.holderMounts());
    RcuMount m0 = setup.initial().mounts().get(0);
    assertFalse(m0.hashed(), "kern_mount: in no namespace's mount hash");
    assertEquals(3, m0.count(), "the long-term reference and two files");
  }

  @Test
  void withNoFileLeftKernUnmountShutsTheFilesystemDownInline() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.KERN_UNMOUNT);
    RcuState s = sys.initial();
    s = apply(sys, s, "h0: close file on m0: mntput: rcu_read_lock, mnt_ns set: fast path");
    s = apply(sys, s, "h0: mntput fast path on m0: count-- (1)");
    s = apply(sys, s, "t0: kern_unmount m0: mnt_make_shortterm");
    s = apply(sys, s, "t0: kern_unmount: synchronize_rcu, grace period 0 starts");
    s = apply(sys, s, "rcu: grace period 0 ends");
    Transition put = step(sys, s, "t0: grace period 0 over: kern_unmount, mntput m0 (count 0)");
    assertTrue(put.label().contains("cleanup_mnt m0 (MNT_INTERNAL"), put.label());
    RcuEvent.KernUnmountReturned r = returned(put);
    assertEquals(0, r.otherUsers());
    assertTrue(r.shutDown(), "cleanup_mnt ran before kern_unmount returned");
    assertEquals(Context.CALLER, put.next().mounts().get(0).cleanedBy());
    assertTrue(put.next().tasks().get(0).taskWork().isEmpty(), "nothing was queued to task_work");
  }

  @Test
  void theLastCloseAfterKernUnmountRunsCleanupInlineInTheHolder() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.KERN_UNMOUNT);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: kern_unmount m0: mnt_make_shortterm");
    // mnt_ns is NULL now: the holder's close takes the slow path, no read-side section
    assertFalse(labels(sys, s).stream().anyMatch(l -> l.contains("mnt_ns set: fast path")));
    s = apply(sys, s, "t0: kern_unmount: synchronize_rcu, grace period 0 starts");
    s = apply(sys, s, "rcu: grace period 0 ends");
    Transition put = step(sys, s, "t0: grace period 0 over: kern_unmount, mntput m0 (count 1)");
    assertEquals(1, returned(put).otherUsers(), "the holder's file");
    assertFalse(returned(put).shutDown());
    s = put.next();
    s =
        apply(
            sys,
            s,
            "h0: close file on m0: mntput (count 0), MNT_INTERNAL: cleanup_mnt m0 inline"
                + " (superblock shut down), return to user space");
    assertTrue(s.mounts().get(0).shutDown());
    assertEquals(Context.HOLDER, s.mounts().get(0).cleanedBy());
  }

  @Test
  void theGracePeriodWaitsForAFastPathThatSawMntNsSet() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.KERN_UNMOUNT);
    RcuState s = sys.initial();
    s = apply(sys, s, "h0: close file on m0: mntput: rcu_read_lock, mnt_ns set: fast path");
    s = apply(sys, s, "t0: kern_unmount m0: mnt_make_shortterm");
    s = apply(sys, s, "t0: kern_unmount: synchronize_rcu, grace period 0 starts");
    assertTrue(
        labels(sys, s).stream().noneMatch(l -> l.startsWith("rcu: grace period 0 ends")),
        "the holder is inside its read-side section");
    assertTrue(labels(sys, s).stream().noneMatch(l -> l.startsWith("t0: grace period 0 over")));
    s = apply(sys, s, "h0: mntput fast path on m0: count-- (1)");
    s = apply(sys, s, "rcu: grace period 0 ends");
    Transition put = step(sys, s, "t0: grace period 0 over: kern_unmount, mntput m0 (count 0)");
    assertTrue(returned(put).shutDown());
  }

  @Test
  void withoutTheGracePeriodTheFastPathDropsTheLastReference() {
    RcuSystem sys =
        RcuSystem.of(LifetimeDesign.INTERNAL_PUT_WITHOUT_GP, K1, RcuScenario.KERN_UNMOUNT);
    RcuState s = sys.initial();
    s = apply(sys, s, "h0: close file on m0: mntput: rcu_read_lock, mnt_ns set: fast path");
    s = apply(sys, s, "t0: kern_unmount m0: mnt_make_shortterm");
    s = apply(sys, s, "t0: kern_unmount, mntput m0 (count 1), kern_unmount returns");
    Transition fast = step(sys, s, "h0: mntput fast path on m0: count-- (0)");
    RcuEvent.FastPathPut f = (RcuEvent.FastPathPut) fast.events().get(0);
    assertEquals(0, f.countAfter());
    assertFalse(f.doomed(), "nobody marks it MNT_DOOMED, nobody runs cleanup_mnt");
    assertNull(sys.step(fast.next(), "h0: close file on m0").orElse(null));
  }
}
