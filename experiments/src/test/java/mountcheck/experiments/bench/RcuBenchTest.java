package mountcheck.experiments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mountcheck.model.rcu.Context;
import mountcheck.model.rcu.LifetimeDesign;
import org.junit.jupiter.api.Test;

class RcuBenchTest {
  @Test
  void synchronousIpcFreeWaitsOneGracePeriodPerNamespaceBatchedFarFewer() {
    int cycles = 5000;
    RcuBench.IpcLoop sync = RcuBench.ipcLoop(LifetimeDesign.IPC_SYNC, cycles, 96364);
    RcuBench.IpcLoop batched = RcuBench.ipcLoop(LifetimeDesign.MAINLINE, cycles, 96364);
    assertEquals(cycles, sync.gpsStarted());
    assertEquals(cycles, sync.gpsWaitedByCaller());
    assertEquals(0, batched.gpsWaitedByCaller());
    // a batch collects the namespaces put during one grace period: 632 ticks / 2 per cycle
    assertTrue(batched.gpsStarted() * 100 < cycles, "grace periods: " + batched.gpsStarted());
    assertTrue(batched.gpsStarted() > 0);
    assertTrue(sync.ticks() > 100 * batched.ticks(), sync.ticks() + " vs " + batched.ticks());
    assertEquals(0, sync.enospc() + batched.enospc());
  }

  /**
   * 5.7 to 6.2 (e1eb26fa62d0): the caller never waits, the worker waits one grace period per
   * namespace, and at a ucount limit of 8 the loop fails while frees are pending, where mainline's
   * create_ipc_ns flushes them and never fails.
   */
  @Test
  void workQueueBefore63WaitsOneGracePeriodPerNamespaceInTheWorkerAndHitsTheLimit() {
    int cycles = 200;
    RcuBench.IpcLoop queue = RcuBench.ipcLoop(LifetimeDesign.IPC_SERIAL_FREE, cycles, 96364);
    assertEquals(0, queue.gpsWaitedByCaller());
    assertEquals(cycles, queue.gpsStarted());
    assertEquals(0, queue.enospc());
    RcuBench.IpcLoop atLimit = RcuBench.ipcLoop(LifetimeDesign.IPC_SERIAL_FREE, 32, 8);
    assertTrue(atLimit.enospc() > 0, "ENOSPC: " + atLimit.enospc());
    assertEquals(0, RcuBench.ipcLoop(LifetimeDesign.MAINLINE, 32, 8).enospc());
  }

  /**
   * The seed's own regime: a loop at the ucount limit that waits for pending frees. With one grace
   * period per namespace (the series' first patch alone) it costs a grace period per namespace past
   * the limit; batched (mainline) a grace period per batch.
   */
  @Test
  void waitingAtTheLimitCostsAGracePeriodPerNamespaceUnlessBatched() {
    RcuBench.IpcLoop serial = RcuBench.ipcLoop(LifetimeDesign.IPC_SERIAL_FLUSH, 256, 64);
    RcuBench.IpcLoop batched = RcuBench.ipcLoop(LifetimeDesign.MAINLINE, 256, 64);
    assertEquals(0, serial.enospc() + batched.enospc());
    assertEquals(0, serial.gpsWaitedByCaller() + batched.gpsWaitedByCaller(), "the flush waits");
    assertEquals(256, serial.gpsStarted(), "one grace period per namespace");
    // a batch holds what was put while the previous one's grace period ran: at most the limit
    assertTrue(batched.gpsStarted() >= 256 / 64, "grace periods: " + batched.gpsStarted());
    assertTrue(batched.gpsStarted() * 10 <= 256, "grace periods: " + batched.gpsStarted());
    assertTrue(serial.ticks() > 10 * batched.ticks(), serial.ticks() + " vs " + batched.ticks());
    // timed as the bench times the loop, from the 64th create to the last: a normal grace period
    // per namespace (kern_unmount's synchronize_rcu) one after the other, or one per batch
    double perSerial = serial.ticksPerNamespacePast(64);
    assertTrue(
        perSerial >= RcuBench.NORMAL_GP_TICKS && perSerial <= 1.5 * RcuBench.NORMAL_GP_TICKS,
        "ticks per namespace: " + perSerial);
    assertTrue(batched.ticksPerNamespacePast(64) * 10 < perSerial);
    assertEquals(256, serial.createdTicks().size());
    assertTrue(Double.isNaN(serial.ticksPerNamespacePast(256)), "nothing made past 256");
  }

  @Test
  void umountLatencyInGracePeriods() {
    RcuBench.UmountCost main = RcuBench.umount(LifetimeDesign.MAINLINE, false);
    assertEquals(1, main.gpsWaitedByCaller());
    assertTrue(main.shutDownAtReturn());
    assertEquals(Context.CALLER, main.cleanupBy());
    RcuBench.UmountCost rfc = RcuBench.umount(LifetimeDesign.DEFERRED_2023, false);
    assertEquals(0, rfc.gpsWaitedByCaller());
    assertFalse(rfc.shutDownAtReturn());
    assertEquals(Context.WORKER, rfc.cleanupBy());
    RcuBench.UmountCost v4lazy = RcuBench.umount(LifetimeDesign.DETACH_DEFERRED_2025, true);
    RcuBench.UmountCost v4sync = RcuBench.umount(LifetimeDesign.DETACH_DEFERRED_2025, false);
    assertEquals(0, v4lazy.gpsWaitedByCaller());
    assertEquals(1, v4sync.gpsWaitedByCaller());
    RcuBench.UmountCost normal = RcuBench.umount(LifetimeDesign.SYNC_RCU_DESIGN, false);
    assertTrue(normal.ticks() > main.ticks(), "a normal grace period is longer than expedited");
  }

  @Test
  void nsproxyWorkItemMovesTheTeardownCostToAWorker() {
    RcuBench.ExitCost inline = RcuBench.exit(LifetimeDesign.MAINLINE);
    RcuBench.ExitCost work = RcuBench.exit(LifetimeDesign.NSPROXY_WORK_ITEM);
    assertEquals(1, inline.gpsWaitedByTask());
    assertEquals(Context.CALLER, inline.cleanupBy());
    assertEquals(0, work.gpsWaitedByTask());
    assertEquals(Context.WORKER, work.cleanupBy());
    assertTrue(work.ticksToReap() < inline.ticksToReap());
    RcuBench.ExitCost old = RcuBench.exit(LifetimeDesign.IPC_SYNC);
    assertEquals(2, old.gpsWaitedByTask(), "namespace_unlock plus kern_unmount of mqueue");
  }
}
