package mountcheck.experiments.bench;

import java.util.HashMap;
import java.util.Map;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.OverlapFamily;

/**
 * What the model predicts for each seed experiment on a kernel of the matrix: the work of the
 * kernel's propagate_umount generation on the overlap family ({@code bench umount}'s counter), the
 * grace periods of its ipc namespace free ({@code bench rcu}'s ipc loop) and the wait of one umount
 * in the mainline variant. Results are cached: the ipc loops are simulated step by step.
 */
public final class SeedPredictions {
  private final Map<String, Long> work = new HashMap<>();
  private final Map<String, RcuBench.IpcLoop> ipc = new HashMap<>();
  private final Map<Boolean, RcuBench.UmountCost> umount = new HashMap<>();

  /** max_ipc_namespaces when the experiment does not set it (docs/measurements.md §3). */
  public static final int DEFAULT_IPC_LIMIT = 96364;

  /** The kernel's series: the host's is the series whose rules the model follows for it. */
  public static String series(String kernel) {
    return Kernels.byName(kernel).map(Kernel::series).orElse(kernel);
  }

  /** The propagate_umount generation of the kernel's profile (2017 up to 6.16, 2025 from 6.17). */
  public static String generation(String kernel) {
    return Kernels.byName(kernel)
        .map(k -> k.profile().umountGeneration())
        .orElse(Generations.DEFAULT);
  }

  /**
   * The lifetime model's variant for the kernel's ipc namespace free. Linux 5.7 to 6.2 free every
   * namespace from free_ipc_work with its own synchronize_rcu() (e1eb26fa62d0, "use a work queue to
   * free_ipc") and do not wait for pending frees at the limit: {@code ipc-serial-free}. From 6.3
   * the frees are batched behind one grace period and create_ipc_ns flushes them at the limit
   * (a80c4adcb574, da27f796a832): {@code mainline}.
   */
  public static LifetimeDesign ipcVariant(String kernel) {
    return Kernels.byName(kernel).map(Kernel::lifetime).orElse(LifetimeDesign.MAINLINE);
  }

  /**
   * The variant whose loop at the ucount limit waits for pending frees the way the bench's waiting
   * loop does on this kernel: from 6.3 the kernel's own create_ipc_ns flushes them ({@code
   * mainline}); on 5.7-6.2 the loop sleeps and tries again on ENOSPC while free_ipc_work frees one
   * namespace per grace period, which costs what the 2023 series' first patch alone did ({@code
   * ipc-serial-flush}, a80c4adcb574 without da27f796a832: the seed's "before").
   */
  public static LifetimeDesign waitingVariant(String kernel) {
    return ipcVariant(kernel) == LifetimeDesign.IPC_SERIAL_FREE
        ? LifetimeDesign.IPC_SERIAL_FLUSH
        : LifetimeDesign.MAINLINE;
  }

  /** Whether the kernel's create_ipc_ns waits for pending frees at the ucount limit (6.3+). */
  public static boolean flushesAtLimit(String kernel) {
    return freesIpcAsMainline(ipcVariant(kernel));
  }

  /**
   * Whether the design frees ipc namespaces as mainline does (batched behind one grace period,
   * create_ipc_ns flushing at the limit): the kernel's own design may differ elsewhere (6.12's
   * mount-namespace tree, linux-6.12).
   */
  private static boolean freesIpcAsMainline(LifetimeDesign d) {
    LifetimeDesign m = LifetimeDesign.MAINLINE;
    return d.ipcFree() == m.ipcFree()
        && d.ipcGracePeriod() == m.ipcGracePeriod()
        && d.createFlushes() == m.createFlushes();
  }

  /** Work (lookups and visits) of {@code umount -l /mnt/1} on the family of N for a generation. */
  public synchronized long umountWork(String generation, int n) {
    return work.computeIfAbsent(
        generation + "/" + n,
        k -> {
          OverlapFamily f = new OverlapFamily(n);
          return Generations.byName(generation).orElseThrow().plan(f, f.firstChain()).work();
        });
  }

  /** The modelled ipc loop: {@code cycles} create/put cycles at a ucount limit. */
  public synchronized RcuBench.IpcLoop ipcLoop(LifetimeDesign v, int cycles, int limit) {
    return ipc.computeIfAbsent(
        v.name() + "/" + cycles + "/" + limit, k -> RcuBench.ipcLoop(v, cycles, limit));
  }

  /** The mainline variant's umount (lazy or not), with no readers. */
  public synchronized RcuBench.UmountCost umount(boolean lazy) {
    return umount.computeIfAbsent(lazy, l -> RcuBench.umount(LifetimeDesign.MAINLINE, l));
  }

  /** Modelled microseconds of a number of ticks. */
  public static double micros(long ticks) {
    return ticks * RcuBench.MICROS_PER_TICK;
  }
}
