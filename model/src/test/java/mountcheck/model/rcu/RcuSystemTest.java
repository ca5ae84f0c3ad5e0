package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.labels;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RcuSystemTest {
  /** One reader on m0, one mount, no holder. */
  private static final Scope ONE_READER = new Scope(1, 1, 1, 0, 1, 1);

  private static boolean anyStarts(RcuSystem sys, RcuState s, String prefix) {
    return labels(sys, s).stream().anyMatch(l -> l.startsWith(prefix));
  }

  @Test
  void gracePeriodWaitsForAReaderInsideAtItsStart() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, ONE_READER, RcuScenario.UMOUNT_SYNC);
    RcuState s = sys.initial();
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "t0: umount m0");
    s = apply(sys, s, "t0: do_umount");
    s = apply(sys, s, "t0: namespace_unlock: synchronize_rcu_expedited");
    assertFalse(anyStarts(sys, s, "rcu: grace period 0 ends"), "reader r0 is still inside");
    assertFalse(anyStarts(sys, s, "t0: grace period"), "the umounting task must keep waiting");
    s = apply(sys, s, "r0: __lookup_mnt misses m0");
    s = apply(sys, s, "r0: rcu_read_unlock");
    assertTrue(anyStarts(sys, s, "rcu: grace period 0 ends"));
  }

  @Test
  void aReaderEnteringAfterTheStartDoesNotDelayTheGracePeriod() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, ONE_READER, RcuScenario.UMOUNT_SYNC);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: umount m0");
    s = apply(sys, s, "t0: do_umount");
    s = apply(sys, s, "t0: namespace_unlock");
    s = apply(sys, s, "r0: rcu_read_lock");
    assertTrue(anyStarts(sys, s, "rcu: grace period 0 ends"));
  }

  @Test
  void readerThatIncrementedBeforeTheBusyCheckMakesSyncUmountFailWithEbusy() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, ONE_READER, RcuScenario.UMOUNT_SYNC);
    RcuState s = sys.initial();
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: __lookup_mnt finds m0");
    s = apply(sys, s, "r0: walks into m0");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence unchanged");
    s = apply(sys, s, "r0: legitimize_mnt m0: count++ (2)");
    s = apply(sys, s, "t0: umount m0: path lookup (count 3)");
    assertTrue(anyStarts(sys, s, "t0: do_umount: smp_mb, busy (count 3 > 2): EBUSY"));
  }

  @Test
  void readerRecheckAfterSyncUmountUndoesItsIncrementWithoutMntput() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, ONE_READER, RcuScenario.UMOUNT_SYNC);
    RcuState s = sys.initial();
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: __lookup_mnt finds m0");
    s = apply(sys, s, "r0: walks into m0");
    s = apply(sys, s, "t0: umount m0");
    s = apply(sys, s, "t0: do_umount: smp_mb, not busy (count 2)");
    // the sequence changed since r0 sampled it: legitimize fails before incrementing
    assertTrue(anyStarts(sys, s, "r0: legitimize_mnt m0: sequence changed, fails"));
    assertEquals(2, s.mounts().get(0).count());
    assertTrue(s.mounts().get(0).syncUmount());
  }

  @Test
  void readerIncrementingAfterTheBusyCheckSeesMntSyncUmountAndUndoes() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, ONE_READER, RcuScenario.UMOUNT_SYNC);
    RcuState s = sys.initial();
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: __lookup_mnt finds m0");
    s = apply(sys, s, "r0: walks into m0");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence unchanged");
    s = apply(sys, s, "t0: umount m0"); // count 2
    s = apply(sys, s, "t0: do_umount: smp_mb, not busy (count 2)");
    s = apply(sys, s, "r0: legitimize_mnt m0: count++ (3)");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence changed, MNT_SYNC_UMOUNT: undo");
    assertEquals(2, s.mounts().get(0).count());
    assertFalse(s.mounts().get(0).doomed());
  }

  /**
   * legitimize_mnt's -1 path: on a lazily unmounted mount the failed recheck leaves the read-side
   * section first and puts afterwards, so the grace period can end, and umount can return, while
   * the lookup still owes its put; the lookup then drops the final reference itself.
   */
  @Test
  void failedLegitimizePutsAfterRcuReadUnlockSoTheGracePeriodDoesNotWaitForIt() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, ONE_READER, RcuScenario.UMOUNT_LAZY);
    RcuState s = sys.initial();
    s = apply(sys, s, "r0: rcu_read_lock");
    s = apply(sys, s, "r0: __lookup_mnt finds m0");
    s = apply(sys, s, "r0: walks into m0");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence unchanged");
    s = apply(sys, s, "r0: legitimize_mnt m0: count++ (2)");
    s = apply(sys, s, "t0: umount -l m0"); // count 3
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "r0: legitimize_mnt m0: sequence changed, not MNT_SYNC_UMOUNT/MNT_DOOMED");
    assertEquals(ReaderPhase.PUT_OWED, s.readers().get(0).phase());
    assertEquals(3, s.mounts().get(0).count(), "the increment is still in the count");
    s = apply(sys, s, "t0: namespace_unlock: synchronize_rcu_expedited, grace period 0");
    s = apply(sys, s, "rcu: grace period 0 ends"); // r0 is outside: nothing to wait for
    s = apply(sys, s, "t0: grace period 0 over: mntput m0 (count 2)");
    s = apply(sys, s, "t0: path_put m0 (count 1), umount returns 0");
    assertFalse(s.mounts().get(0).shutDown(), "umount -l returned before cleanup_mnt");
    s = apply(sys, s, "r0: mntput m0 (count 0), final: cleanup_mnt queued to r0's task_work");
    s = apply(sys, s, "r0: return to user space, task_work: cleanup_mnt m0");
    assertTrue(s.mounts().get(0).shutDown());
    assertEquals(Context.READER, s.mounts().get(0).cleanedBy());
  }

  @Test
  void mainlineLazyUmountCleansUpInTheCallerBeforeReturn() {
    RcuSystem sys =
        RcuSystem.of(LifetimeDesign.MAINLINE, new Scope(1, 0, 1, 0, 1, 1), RcuScenario.UMOUNT_LAZY);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: umount -l m0");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s = apply(sys, s, "t0: grace period 0 over: mntput m0 (count 1)");
    Transition ret = sys.step(s, sys.successors(s).get(0).label()).orElseThrow();
    assertTrue(ret.label().startsWith("t0: path_put m0 (count 0)"), ret.label());
    assertTrue(ret.next().mounts().get(0).shutDown());
    assertEquals(Context.CALLER, ret.next().mounts().get(0).cleanedBy());
  }

  @Test
  void ipcCreateAtTheLimitFlushesInMainlineButFailsWithoutTheFlush() {
    Scope scope = new Scope(1, 0, 1, 0, 2, 1);
    for (LifetimeDesign v :
        List.of(
            LifetimeDesign.MAINLINE,
            LifetimeDesign.BATCH_WITHOUT_FLUSH,
            LifetimeDesign.IPC_SERIAL_FREE,
            LifetimeDesign.IPC_SERIAL_FLUSH)) {
      RcuSystem sys = RcuSystem.of(v, scope, RcuScenario.IPC);
      RcuState s = sys.initial();
      s = apply(sys, s, "t0: create_ipc_ns: ucount 1/1, created");
      s = apply(sys, s, "t0: put_ipc_ns: last reference dropped");
      s = apply(sys, s, "t0: put_ipc_ns: llist_add");
      String expected =
          v == LifetimeDesign.MAINLINE || v == LifetimeDesign.IPC_SERIAL_FLUSH
              ? "t0: create_ipc_ns: ucount at limit (1/1), flush_work"
              : "t0: create_ipc_ns: ucount at limit (1/1): ENOSPC";
      assertTrue(anyStarts(sys, s, expected), v.name() + ": " + labels(sys, s));
    }
  }

  /**
   * ipc/namespace.c put_ipc_ns drops the last reference before llist_add queues the free: a creator
   * between the two finds nothing to flush and fails with ENOSPC, the dropped namespace still
   * charged.
   */
  @Test
  void aCreatorBetweenTheDropAndTheQueueFindsNothingToFlush() {
    RcuSystem sys =
        RcuSystem.of(LifetimeDesign.MAINLINE, new Scope(1, 0, 1, 0, 1, 1, 2), RcuScenario.IPC);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: create_ipc_ns: ucount 1/1, created");
    s = apply(sys, s, "t0: put_ipc_ns: last reference dropped");
    assertTrue(
        anyStarts(sys, s, "t1: create_ipc_ns: ucount at limit (1/1): ENOSPC with 0 in use"),
        labels(sys, s).toString());
    s = apply(sys, s, "t0: put_ipc_ns: llist_add");
    assertTrue(
        anyStarts(sys, s, "t1: create_ipc_ns: ucount at limit (1/1), flush_work"),
        labels(sys, s).toString());
  }

  @Test
  void variantNamesAreTheIssuesNames() {
    List<String> names =
        LifetimeDesign.ALL.stream().map(LifetimeDesign::name).collect(Collectors.toList());
    assertEquals(
        List.of(
            "mainline",
            "linux-6.12",
            "sync-rcu",
            "polled-gp",
            "deferred-2023",
            "detach-deferred-2025",
            "nonsync-deferred-2025",
            "ipc-sync",
            "ipc-work-item",
            "ipc-serial-free",
            "ipc-serial-flush",
            "batch-without-flush",
            "nsproxy-work-item",
            "snapshot-before-unlink",
            "free-ipc-without-gp",
            "kern-unmount-without-gp",
            "fhandle-unlocked-mnt-ns",
            "mnt-ns-release-without-gp",
            "ns-get-without-rcu",
            "ns-get-unconditional-inc",
            "listns-put-under-rcu",
            "dissolve-check-without-rcu",
            "umount-child-left-hashed",
            "internal-put-without-gp",
            "expiry-without-umount-sync",
            "exit-task-work-first",
            "kill-sb-without-active-count"),
        names);
    for (String n : names) assertEquals(n, LifetimeDesign.byName(n).orElseThrow().name());
    assertTrue(LifetimeDesign.byName("nope").isEmpty());
  }

  /**
   * The posted 2025 v4 series deferred only umount(MNT_DETACH); the linux-next commit a6c7a78f1b6b
   * deferred every umount without UMOUNT_SYNC, so put_mnt_ns at exit too.
   */
  @Test
  void theTwo2025DeferralsDifferInTheNamespaceTeardown() {
    List<UpdaterStep> posted = Plans.teardownSteps(LifetimeDesign.DETACH_DEFERRED_2025);
    List<UpdaterStep> linuxNext = Plans.teardownSteps(LifetimeDesign.NONSYNC_DEFERRED_2025);
    assertTrue(posted.contains(UpdaterStep.SYNC_RCU_EXPEDITED), posted.toString());
    assertFalse(posted.contains(UpdaterStep.QUEUE_RCU_WORK_VICTIMS), posted.toString());
    assertTrue(linuxNext.contains(UpdaterStep.QUEUE_RCU_WORK_VICTIMS), linuxNext.toString());
    for (LifetimeDesign v :
        List.of(LifetimeDesign.DETACH_DEFERRED_2025, LifetimeDesign.NONSYNC_DEFERRED_2025)) {
      assertTrue(v.lazyUmount().contains(UpdaterStep.QUEUE_RCU_WORK_VICTIMS), v.name());
      assertFalse(v.syncUmount().contains(UpdaterStep.QUEUE_RCU_WORK_VICTIMS), v.name());
    }
  }

  @Test
  void snapshotBeforeUnlinkTakesTheSnapshotBeforeUmountTreeAndPolledAfter() {
    List<UpdaterStep> wrong = LifetimeDesign.SNAPSHOT_BEFORE_UNLINK.syncUmount();
    List<UpdaterStep> right = LifetimeDesign.POLLED_GP.syncUmount();
    assertTrue(wrong.indexOf(UpdaterStep.SNAPSHOT_GP) < wrong.indexOf(UpdaterStep.UMOUNT_TREE));
    assertTrue(right.indexOf(UpdaterStep.SNAPSHOT_GP) > right.indexOf(UpdaterStep.UMOUNT_TREE));
  }
}
