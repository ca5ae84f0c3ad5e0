package mountcheck.experiments.bench;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.rcu.Context;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuEvent;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Scope;

/**
 * Costs in modelled grace periods, from {@link ClockedSchedule} runs without readers: umount
 * latency per variant, the ipc namespace create/destroy loop, and exit of a task that is the last
 * user of its namespaces.
 *
 * <p>Clock calibration (docs/measurements.md §3, §4 and the 2023 ipc batching): one tick is one
 * task step; the 2023 loop took 1.2 s for 100,000 batched cycles (12 µs per cycle of two steps, so
 * 6 µs per tick) and 6 min 19 s synchronously (3.79 ms per cycle, about one synchronize_rcu), so a
 * normal grace period is 632 ticks; an expedited one is about 35 µs (§4), 6 ticks.
 */
public final class RcuBench {
  private RcuBench() {}

  public static final long NORMAL_GP_TICKS = 632;
  public static final long EXPEDITED_GP_TICKS = 6;
  public static final double MICROS_PER_TICK = 6.0;

  /** Latency and teardown context of one umount with no readers and no other users. */
  public record UmountCost(
      LifetimeDesign variant,
      boolean lazy,
      long gpsWaitedByCaller,
      long ticks,
      boolean shutDownAtReturn,
      Context cleanupBy) {}

  /** The create/destroy loop of one task. */
  /**
   * A modelled ipc loop.
   *
   * @param ticks the whole run, the frees still pending after the loop included
   * @param createdTicks when each namespace the loop made was created, in order (what a timer
   *     around the loop sees; the frees after the last one are not in it)
   */
  public record IpcLoop(
      LifetimeDesign variant,
      int cycles,
      long gpsStarted,
      long gpsWaitedByCaller,
      long batches,
      long ticks,
      long enospc,
      List<Long> createdTicks) {
    public IpcLoop {
      createdTicks = List.copyOf(createdTicks);
    }

    /**
     * Mean ticks per namespace made after the first {@code limit}, from the {@code limit}-th create
     * to the last, as the bench's waiting loop times them; NaN if the loop made no more.
     */
    public double ticksPerNamespacePast(int limit) {
      int n = createdTicks.size();
      if (limit < 1 || n <= limit) return Double.NaN;
      return (createdTicks.get(n - 1) - createdTicks.get(limit - 1)) / (double) (n - limit);
    }

    public double namespacesPerGp() {
      return cycles / (double) Math.max(1, gpsStarted);
    }
  }

  /** One exit as the last user of a mount namespace (one mount) and an ipc namespace. */
  public record ExitCost(
      LifetimeDesign variant,
      long gpsWaitedByTask,
      long gpsStarted,
      long ticksToReap,
      boolean cleanedBeforeReap,
      Context cleanupBy) {}

  private static Scope solo(int cycles, int limit) {
    return new Scope(1, 0, 1, 0, cycles, limit);
  }

  public static UmountCost umount(LifetimeDesign v, boolean lazy) {
    RcuSystem sys =
        RcuSystem.of(v, solo(1, 1), lazy ? RcuScenario.UMOUNT_LAZY : RcuScenario.UMOUNT_SYNC);
    ClockedSchedule.Run run =
        new ClockedSchedule(sys, NORMAL_GP_TICKS, EXPEDITED_GP_TICKS).run(10_000);
    long waited = 0;
    long ticks = -1;
    boolean shut = false;
    Context by = Context.NONE;
    for (ClockedSchedule.Stamped st : run.events()) {
      RcuEvent ev = st.event();
      if (ev instanceof RcuEvent.GpWaited w && w.actor().equals("t0")) waited++;
      if (ev instanceof RcuEvent.UmountReturned u) {
        ticks = st.tick();
        shut = u.shutDown();
      }
      if (ev instanceof RcuEvent.Cleanup c) by = c.context();
    }
    return new UmountCost(v, lazy, waited, ticks, shut, by);
  }

  /** {@code cycles} create/put cycles at the given ucount limit (max_ipc_namespaces). */
  public static IpcLoop ipcLoop(LifetimeDesign v, int cycles, int limit) {
    RcuSystem sys = RcuSystem.of(v, solo(cycles, limit), RcuScenario.IPC);
    ClockedSchedule.Run run =
        new ClockedSchedule(sys, NORMAL_GP_TICKS, EXPEDITED_GP_TICKS).run(Long.MAX_VALUE);
    long started = 0;
    long waited = 0;
    long batches = 0;
    long enospc = 0;
    List<Long> created = new ArrayList<>();
    for (ClockedSchedule.Stamped st : run.events()) {
      RcuEvent ev = st.event();
      if (ev instanceof RcuEvent.IpcCreated c && c.task().equals("t0")) created.add(st.tick());
      if (ev instanceof RcuEvent.GpStarted) started++;
      if (ev instanceof RcuEvent.GpWaited w && w.actor().equals("t0")) waited++;
      if (ev instanceof RcuEvent.IpcBatchFreed b && b.count() > 0) batches++;
      if (ev instanceof RcuEvent.Enospc) enospc++;
    }
    return new IpcLoop(v, cycles, started, waited, batches, run.ticks(), enospc, created);
  }

  public static ExitCost exit(LifetimeDesign v) {
    RcuSystem sys = RcuSystem.of(v, solo(1, 1), RcuScenario.EXIT);
    ClockedSchedule.Run run =
        new ClockedSchedule(sys, NORMAL_GP_TICKS, EXPEDITED_GP_TICKS).run(10_000);
    long waited = 0;
    long started = 0;
    long reap = -1;
    boolean cleaned = false;
    Context by = Context.NONE;
    for (ClockedSchedule.Stamped st : run.events()) {
      RcuEvent ev = st.event();
      if (ev instanceof RcuEvent.GpWaited w && w.actor().equals("t0")) waited++;
      if (ev instanceof RcuEvent.GpStarted) started++;
      if (ev instanceof RcuEvent.ExitReaped x) {
        reap = st.tick();
        cleaned = x.shutDown();
      }
      if (ev instanceof RcuEvent.Cleanup c && c.mount() == 0)
        by = c.context(); // not the mqueue mount
    }
    return new ExitCost(v, waited, started, reap, cleaned, by);
  }

  /** One line for the check table's cost row. */
  public static String summary(LifetimeDesign v) {
    UmountCost s = umount(v, false);
    UmountCost l = umount(v, true);
    ExitCost x = exit(v);
    IpcLoop ipc = ipcLoop(v, 1000, 1000);
    return String.format(
        "umount waits %d GP (cleanup: %s), umount -l %d (cleanup: %s), exit %d (cleanup: %s),"
            + " ipc %.1f namespaces per GP, caller waits %d/1000 GPs",
        s.gpsWaitedByCaller(),
        s.cleanupBy().label(),
        l.gpsWaitedByCaller(),
        l.cleanupBy().label(),
        x.gpsWaitedByTask(),
        x.cleanupBy().label(),
        ipc.namespacesPerGp(),
        ipc.gpsWaitedByCaller());
  }

  /** The designs whose rows the bench shows for ipc loops. */
  public static List<LifetimeDesign> ipcVariants() {
    return List.of(
        LifetimeDesign.IPC_SYNC,
        LifetimeDesign.IPC_WORK_ITEM,
        LifetimeDesign.MAINLINE,
        LifetimeDesign.BATCH_WITHOUT_FLUSH);
  }
}
