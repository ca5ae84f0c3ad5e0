package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.List;

/**
 * The fixed part of one exploration: variant, scope, scenario, each task's plan, what each reader
 * looks up and which mount each holder holds, the mqueue mount of the modelled ipc namespace (-1
 * when ipc namespaces are only counted), and the initial state.
 */
public record Setup(
    Variant variant,
    Scope scope,
    RcuScenario scenario,
    List<TaskSetup> tasks,
    List<Integer> readerTargets,
    List<Integer> holderMounts,
    int mqMount,
    int ipcLimit,
    RcuState initial) {

  public Setup {
    tasks = List.copyOf(tasks);
    readerTargets = List.copyOf(readerTargets);
    holderMounts = List.copyOf(holderMounts);
  }

  /** Builds the setup of {@code scenario} for {@code variant} at {@code scope}. */
  public static Setup of(Variant variant, Scope scope, RcuScenario scenario) {
    List<TaskSetup> tasks = new ArrayList<>();
    List<Integer> readerTargets = new ArrayList<>();
    List<Integer> holderMounts = new ArrayList<>();
    int mounts = 1;
    int mqMount = -1;
    int liveIpc = 0;
    switch (scenario) {
      case UMOUNT_SYNC, UMOUNT_LAZY -> {
        boolean lazy = scenario == RcuScenario.UMOUNT_LAZY;
        mounts = scope.mounts();
        List<Op> ops = new ArrayList<>();
        for (int m = 0; m < mounts; m++) ops.add(Plans.umount(variant, m, lazy));
        tasks.add(new TaskSetup("t0", Context.CALLER, ops, true));
        for (int r = 0; r < scope.readers(); r++) readerTargets.add(r % mounts);
        for (int h = 0; h < scope.holders(); h++) holderMounts.add(mounts - 1);
      }
      case EXIT -> {
        // m0: the namespace's mount; m1: the ipc namespace's mqueue mount (kern_mount), on which
        // the holders have files open (their close is the last mntput racing with free_ipc)
        liveIpc = 1;
        mounts = 2;
        mqMount = 1;
        for (int r = 0; r < scope.readers(); r++) readerTargets.add(0);
        for (int h = 0; h < scope.holders(); h++) holderMounts.add(mqMount);
        if (variant.nsproxyFree() == NsproxyFree.INLINE) {
          tasks.add(new TaskSetup("t0", Context.CALLER, List.of(Plans.exitInline(variant)), true));
        } else {
          tasks.add(new TaskSetup("t0", Context.CALLER, List.of(Plans.exitQueueWork()), true));
          tasks.add(
              new TaskSetup(
                  "kworker-ns", Context.WORKER, List.of(Plans.nsTeardown(variant)), false));
        }
      }
      case IPC -> {
        List<Op> ops = new ArrayList<>();
        for (int c = 0; c < scope.ipcCycles(); c++) {
          ops.add(Plans.createIpc());
          ops.add(Plans.putIpc(variant));
        }
        tasks.add(new TaskSetup("t0", Context.CALLER, ops, true));
        // a second creator racing for the same ucount and the same free_ipc_work
        if (scope.ipcCreators() > 1)
          tasks.add(
              new TaskSetup(
                  "t1", Context.CALLER, List.of(Plans.createIpc(), Plans.putIpc(variant)), true));
      }
    }
    List<RcuMount> ms = new ArrayList<>();
    for (int m = 0; m < mounts; m++) {
      int held = 0;
      for (int hm : holderMounts) if (hm == m) held++;
      ms.add(m == mqMount ? RcuMount.internal(held) : RcuMount.mounted(held));
    }
    List<Reader> readers = new ArrayList<>();
    for (int r = 0; r < readerTargets.size(); r++) readers.add(Reader.IDLE);
    List<TaskState> ts = new ArrayList<>();
    for (TaskSetup t : tasks)
      ts.add(TaskState.start(t.startsActive(), t.startsActive() && liveIpc > 0));
    long holding = holderMounts.isEmpty() ? 0 : (1L << holderMounts.size()) - 1;
    RcuState initial =
        new RcuState(
            ms, 0, -1, readers, holding, ts, List.of(), List.of(), List.of(), IpcState.of(liveIpc));
    return new Setup(
        variant,
        scope,
        scenario,
        tasks,
        readerTargets,
        holderMounts,
        mqMount,
        scope.ipcLimit(),
        initial);
  }

  /** Index of the first worker task that starts inactive, or -1. */
  public int queuedWorker() {
    for (int i = 0; i < tasks.size(); i++) if (!tasks.get(i).startsActive()) return i;
    return -1;
  }
}
