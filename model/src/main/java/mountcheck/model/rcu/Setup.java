package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The fixed part of one exploration: lifetime design, scope, scenario, each task's plan, what each
 * reader looks up and which mount each holder holds, the mqueue mount of the modelled ipc namespace
 * (-1 when ipc namespaces are only counted), the lockless mount-namespace readers, the mount
 * namespace each mount's mnt_ns points to while it is set, and the initial state.
 *
 * @param nsReaderKinds the kind of each lockless mount-namespace reader
 * @param nsReaderTargets for a {@link NsReaderKind#FHANDLE} reader the mount its directory fd is
 *     on, for the other kinds the namespace it asks for
 * @param mountNamespaces for each mount, the namespace its mnt_ns names, -1 for none modelled
 * @param dotdotCwds for each reader, the mount its working directory is in, which it holds: for a
 *     {@code ..} walk (target -1) the mount whose root it is, for a forward walk the mount it
 *     starts in (tree-cwd); -1 for a forward walk from outside the modelled mounts
 * @param lockedMounts bit m set: mount m is MNT_LOCKED
 */
public record Setup(
    LifetimeDesign design,
    Scope scope,
    RcuScenario scenario,
    List<TaskSetup> tasks,
    List<Integer> readerTargets,
    List<Integer> holderMounts,
    int mqMount,
    int ipcLimit,
    List<NsReaderKind> nsReaderKinds,
    List<Integer> nsReaderTargets,
    List<Integer> mountNamespaces,
    List<Integer> dotdotCwds,
    int lockedMounts,
    RcuState initial) {

  public Setup {
    tasks = List.copyOf(tasks);
    readerTargets = List.copyOf(readerTargets);
    holderMounts = List.copyOf(holderMounts);
    nsReaderKinds = List.copyOf(nsReaderKinds);
    nsReaderTargets = List.copyOf(nsReaderTargets);
    mountNamespaces = List.copyOf(mountNamespaces);
    dotdotCwds = List.copyOf(dotdotCwds);
  }

  /** Builds the setup of {@code scenario} for {@code variant} at {@code scope}. */
  public static Setup of(LifetimeDesign variant, Scope scope, RcuScenario scenario) {
    List<TaskSetup> tasks = new ArrayList<>();
    List<Integer> readerTargets = new ArrayList<>();
    List<Integer> holderMounts = new ArrayList<>();
    int mounts = 1;
    int mqMount = -1;
    int liveIpc = 0;
    List<NsReaderKind> nsKinds = new ArrayList<>();
    List<Integer> nsTargets = new ArrayList<>();
    List<RcuNamespace> namespaces = new ArrayList<>();
    boolean callerHoldsMount = false;
    List<Integer> dotdot = new ArrayList<>();
    List<Integer> parents = new ArrayList<>();
    int locked = 0;
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
      case EXPIRY -> {
        // m0: an automount (MNT_SHRINKABLE) mounted in the namespace; the walkers look it up
        for (int r = 0; r < scope.bound(); r++) readerTargets.add(0);
        tasks.add(
            new TaskSetup("kworker-expire", Context.WORKER, List.of(Plans.expire(variant)), true));
      }
      case SHARED_SUPERBLOCK -> {
        // m0 and m1 mounted side by side, one superblock; the walkers look up m1, the one left
        mounts = 2;
        for (int r = 0; r < scope.bound(); r++) readerTargets.add(1);
        tasks.add(
            new TaskSetup("t0", Context.CALLER, List.of(Plans.umount(variant, 0, false)), true));
      }
      case KERN_UNMOUNT -> {
        // m0: a kern_mount'd filesystem's internal mount; each holder has a file open on it
        for (int h = 0; h < scope.bound(); h++) holderMounts.add(0);
        tasks.add(new TaskSetup("t0", Context.CALLER, List.of(Plans.kernUnmount(variant)), true));
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
        // more creators racing for the same ucount and the same free_ipc_work
        for (int c = 1; c < scope.ipcCreators(); c++)
          tasks.add(
              new TaskSetup(
                  "t" + c,
                  Context.CALLER,
                  List.of(Plans.createIpc(), Plans.putIpc(variant)),
                  true));
      }
      case ANON_NS -> {
        // m0: the root of anonymous namespace ns0, made by open_tree(OPEN_TREE_CLONE); t0 closes
        // that file; each fhandle reader has a directory fd of its own on m0
        namespaces.add(RcuNamespace.anonymous());
        for (int r = 0; r < scope.bound(); r++) {
          nsKinds.add(NsReaderKind.FHANDLE);
          nsTargets.add(0);
        }
        callerHoldsMount = true;
        tasks.add(
            new TaskSetup(
                "t0",
                Context.CALLER,
                List.of(Plans.closeTearingDown(variant, OpKind.CLOSE_TREE_FD)),
                true));
      }
      case ANON_NS_MOVE -> {
        // m0: the root of anonymous namespace ns0 (open_tree(OPEN_TREE_CLONE)); ns1: t1's own
        // namespace, which m0 moves into. t0 holds the open_tree file, t1 a second file on m0 (an
        // O_PATH fd of the same mount), and each fhandle reader a directory fd of its own on m0
        namespaces.add(RcuNamespace.anonymous());
        namespaces.add(RcuNamespace.live(1));
        for (int r = 0; r < scope.bound(); r++) {
          nsKinds.add(NsReaderKind.FHANDLE);
          nsTargets.add(0);
        }
        callerHoldsMount = true;
        tasks.add(new TaskSetup("t0", Context.CALLER, List.of(Plans.closeTreeFd(variant)), true));
        tasks.add(new TaskSetup("t1", Context.CALLER, List.of(Plans.moveMount()), true));
      }
      case NSFS_CLOSE -> {
        // m0: the root of mount namespace ns0, whose last active reference is t0's nsfs file
        namespaces.add(RcuNamespace.live(1));
        for (int r = 0; r < scope.bound(); r++) {
          nsKinds.add(r % 2 == 0 ? NsReaderKind.LISTMOUNT : NsReaderKind.FHANDLE);
          nsTargets.add(0);
        }
        tasks.add(
            new TaskSetup(
                "t0",
                Context.CALLER,
                List.of(Plans.closeTearingDown(variant, OpKind.CLOSE_NSFS)),
                true));
      }
      case NS_GET -> {
        // ns0 with one reference and one active user: t0's nsfs file; no mounts modelled
        mounts = 0;
        namespaces.add(RcuNamespace.live(1));
        for (int r = 0; r < scope.bound(); r++) {
          nsKinds.add(r % 2 == 0 ? NsReaderKind.LISTNS : NsReaderKind.NSFS_HANDLE);
          nsTargets.add(0);
        }
        tasks.add(new TaskSetup("t0", Context.CALLER, List.of(Plans.closeNsfsRacingGet()), true));
      }
      case TREE_CWD -> {
        // m0 mounted in the namespace, m1 mounted on m0; each walker's working directory is inside
        // m0 (it holds m0), and it walks forward from there into m1
        mounts = 2;
        parents = List.of(-1, 0);
        for (int r = 0; r < scope.bound(); r++) {
          readerTargets.add(1);
          dotdot.add(0);
        }
        tasks.add(
            new TaskSetup("t0", Context.CALLER, List.of(Plans.umount(variant, 0, true)), true));
      }
      case TREE, TREE_LOCKED -> {
        // m0 mounted in the namespace, m1 mounted on m0 (MNT_LOCKED in tree-locked)
        mounts = 2;
        parents = List.of(-1, 0);
        if (scenario == RcuScenario.TREE_LOCKED) locked = 1 << 1;
        for (int r = 0; r < scope.bound(); r++) {
          // in turn a walk forward to m1 and a .. walk from m1's root up through mnt_parent
          readerTargets.add(r % 2 == 0 ? 1 : -1);
          dotdot.add(r % 2 == 0 ? -1 : 1);
        }
        tasks.add(
            new TaskSetup(
                "t0", Context.CALLER, List.of(Plans.umountRacing(variant, 0, true)), true));
        tasks.add(
            new TaskSetup(
                "t1", Context.CALLER, List.of(Plans.umountRacing(variant, 1, true)), true));
      }
    }
    while (dotdot.size() < readerTargets.size()) dotdot.add(-1);
    List<Integer> mountNamespaces = new ArrayList<>();
    for (int m = 0; m < mounts; m++) mountNamespaces.add(namespaces.isEmpty() || m > 0 ? -1 : 0);
    List<RcuMount> ms = new ArrayList<>();
    for (int m = 0; m < mounts; m++) {
      int held = 0;
      for (int hm : holderMounts) if (hm == m) held++;
      for (int i = 0; i < nsKinds.size(); i++)
        if (nsKinds.get(i) == NsReaderKind.FHANDLE && nsTargets.get(i) == m) held++;
      if (m == mqMount || internal(scenario, m)) ms.add(RcuMount.internal(held));
      else if (mountNamespaces.get(m) >= 0)
        ms.add(RcuMount.namespaceRoot(held + (callerHoldsMount ? tasks.size() : 0)));
      else if (m < parents.size() && parents.get(m) >= 0)
        ms.add(RcuMount.child(parents.get(m), held));
      else ms.add(RcuMount.mounted(held));
    }
    List<Reader> readers = new ArrayList<>();
    for (int r = 0; r < readerTargets.size(); r++) readers.add(Reader.idle(readerTargets.get(r)));
    // a .. walker holds its working directory
    for (int r = 0; r < dotdot.size(); r++)
      if (dotdot.get(r) >= 0) {
        RcuMount cwd = ms.get(dotdot.get(r));
        ms.set(dotdot.get(r), cwd.withCount(cwd.count() + 1));
      }
    List<TaskState> ts = new ArrayList<>();
    for (TaskSetup t : tasks)
      ts.add(
          TaskState.start(t.startsActive(), t.startsActive() && liveIpc > 0)
              .withPathRef(callerHoldsMount && t.startsActive()));
    List<NsReader> nsReaders = new ArrayList<>();
    for (int i = 0; i < nsKinds.size(); i++) nsReaders.add(NsReader.IDLE);
    long holding = holderMounts.isEmpty() ? 0 : (1L << holderMounts.size()) - 1;
    RcuState initial =
        new RcuState(
            ms,
            0,
            -1,
            readers,
            holding,
            ts,
            List.of(),
            List.of(),
            List.of(),
            IpcState.of(liveIpc),
            namespaces,
            nsReaders);
    return new Setup(
        variant,
        scope,
        scenario,
        tasks,
        readerTargets,
        holderMounts,
        mqMount,
        scope.ipcLimit(),
        nsKinds,
        nsTargets,
        mountNamespaces,
        dotdot,
        locked,
        initial);
  }

  /**
   * What decides this setup's transition system, for sharing one exploration between designs that
   * behave alike here: every field but the design, and of the design only what its plans already
   * show (the steps) and the rules a step or reader of this setup consults ({@link
   * LifetimeDesign#rulesConsulted}).
   */
  public Object behaviour() {
    Set<UpdaterStep> steps = EnumSet.noneOf(UpdaterStep.class);
    for (TaskSetup t : tasks) for (Op op : t.ops()) steps.addAll(op.steps());
    Set<NsReaderKind> readers = EnumSet.noneOf(NsReaderKind.class);
    readers.addAll(nsReaderKinds);
    return new Behaviour(
        scenario,
        scope,
        tasks,
        readerTargets,
        holderMounts,
        mqMount,
        ipcLimit,
        nsReaderKinds,
        nsReaderTargets,
        mountNamespaces,
        dotdotCwds,
        lockedMounts,
        initial,
        rules(steps, readers));
  }

  /** The design's rules this setup consults, with the superblock's active count when shared. */
  private List<Object> rules(Set<UpdaterStep> steps, Set<NsReaderKind> readers) {
    List<Object> rules = new ArrayList<>(design.rulesConsulted(steps, readers));
    rules.add(scenario == RcuScenario.SHARED_SUPERBLOCK ? design.superblockActiveCount() : null);
    return rules;
  }

  /** See {@link #behaviour()}; a null rule is one no step consults. */
  private record Behaviour(
      RcuScenario scenario,
      Scope scope,
      List<TaskSetup> tasks,
      List<Integer> readerTargets,
      List<Integer> holderMounts,
      int mqMount,
      int ipcLimit,
      List<NsReaderKind> nsReaderKinds,
      List<Integer> nsReaderTargets,
      List<Integer> mountNamespaces,
      List<Integer> dotdotCwds,
      int lockedMounts,
      RcuState initial,
      List<Object> rules) {}

  /**
   * The mount reader r's working directory is in (for a {@code ..} walk at its root, for a forward
   * walk anywhere inside it), or -1.
   */
  public int dotdotCwd(int r) {
    return dotdotCwds.get(r);
  }

  /**
   * The superblock of mount m: the mounts of shared-superblock share one, every other mount has its
   * own (its index).
   */
  public int superblockOf(int m) {
    return scenario == RcuScenario.SHARED_SUPERBLOCK ? 0 : m;
  }

  /**
   * Whether mount m's superblock has been killed: deactivate_super (fs/super.c) runs kill_sb only
   * when the active reference it drops is the last, so only once every mount of the superblock has
   * run cleanup_mnt; a design without the active count kills it at the first.
   */
  boolean superblockKilled(List<RcuMount> mounts, int m) {
    boolean any = false;
    boolean all = true;
    for (int o = 0; o < mounts.size(); o++) {
      if (superblockOf(o) != superblockOf(m)) continue;
      any |= mounts.get(o).shutDown();
      all &= mounts.get(o).shutDown();
    }
    return design.superblockActiveCount() ? all : any;
  }

  /**
   * MNT_INTERNAL (kern_mount): mntput_no_expire_slowpath runs its cleanup_mnt inline, in the
   * context of the final put, instead of queueing it to task_work.
   */
  public boolean internal(int m) {
    return m == mqMount || internal(scenario, m);
  }

  private static boolean internal(RcuScenario scenario, int m) {
    return scenario == RcuScenario.KERN_UNMOUNT && m == 0;
  }

  /** MNT_LOCKED: a lazy umount of its parent leaves it connected; it cannot be unmounted alone. */
  public boolean locked(int m) {
    return (lockedMounts & (1 << m)) != 0;
  }

  /** The namespace mount m's mnt_ns names while set, -1 when none is modelled. */
  public int namespaceOf(int m) {
    return mountNamespaces.get(m);
  }

  /**
   * The namespace move_mount moves a mount into when it takes it out of its anonymous namespace
   * (anon-ns-move: t1's ns1), -1 in the scenarios without that move.
   */
  public int movedInto() {
    return scenario == RcuScenario.ANON_NS_MOVE ? 1 : -1;
  }

  /** Index of the first worker task that starts inactive, or -1. */
  public int queuedWorker() {
    for (int i = 0; i < tasks.size(); i++) if (!tasks.get(i).startsActive()) return i;
    return -1;
  }
}
