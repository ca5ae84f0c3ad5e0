package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A private, short-lived working copy of a state used to build one successor. Not shared: each
 * transition makes its own from an immutable {@link RcuState} and turns it back into one.
 */
final class Edit {
  final Setup setup;
  final CowList<RcuMount> mounts;
  int seq;
  int lockOwner;
  final CowList<Reader> readers;
  long holding;
  final CowList<TaskState> tasks;
  private List<GracePeriod> gps;
  private boolean gpsCopied;
  private List<Callback> callbacks;
  private boolean callbacksCopied;
  final CowList<Integer> delayed;
  IpcState ipc;
  final CowList<RcuNamespace> namespaces;
  final CowList<NsReader> nsReaders;
  final List<RcuEvent> events = new ArrayList<>();

  Edit(Setup setup, RcuState s) {
    this.setup = setup;
    mounts = new CowList<>(s.mounts());
    seq = s.seq();
    lockOwner = s.lockOwner();
    readers = new CowList<>(s.readers());
    holding = s.holding();
    tasks = new CowList<>(s.tasks());
    gps = s.gps();
    callbacks = s.callbacks();
    delayed = new CowList<>(s.delayedMntput());
    ipc = s.ipc();
    namespaces = new CowList<>(s.namespaces());
    nsReaders = new CowList<>(s.nsReaders());
  }

  /** Grace periods, read-only view. */
  List<GracePeriod> gps() {
    return gps;
  }

  /** Grace periods, copied on first write. */
  List<GracePeriod> gpsForUpdate() {
    if (!gpsCopied) {
      gps = new ArrayList<>(gps);
      gpsCopied = true;
    }
    return gps;
  }

  /** Callbacks, read-only view. */
  List<Callback> callbacks() {
    return callbacks;
  }

  /** Callbacks, copied on first write. */
  List<Callback> callbacksForUpdate() {
    if (!callbacksCopied) {
      callbacks = new ArrayList<>(callbacks);
      callbacksCopied = true;
    }
    return callbacks;
  }

  /** Starts a grace period: it waits for every reader inside a read-side section now. */
  int newGp(Context context, String purpose, boolean expedited) {
    Set<Integer> used = new HashSet<>();
    for (GracePeriod g : gps) used.add(g.id());
    int id = 0;
    while (used.contains(id)) id++;
    long blockers = 0;
    for (int r = 0; r < readers.size(); r++) if (readers.get(r).inside()) blockers |= 1L << r;
    for (int h = 0; h < setup.holderMounts().size(); h++)
      if ((holding & holderInside(h)) != 0) blockers |= holderInside(h);
    for (int n = 0; n < nsReaders.size(); n++)
      if (nsReaders.get(n).inside()) blockers |= nsReaderInside(n);
    for (int t = 0; t < tasks.size(); t++)
      if (tasks.get(t).fastPut() || insideDissolveCheck(t)) blockers |= taskInside(t);
    gpsForUpdate().add(new GracePeriod(id, blockers, false, expedited));
    events.add(new RcuEvent.GpStarted(id, context, purpose, expedited));
    return id;
  }

  boolean gpDone(int id) {
    for (GracePeriod g : gps) if (g.id() == id) return g.done();
    return true;
  }

  /**
   * Holder h is inside mntput_no_expire's fast path (rcu_read_lock taken, mnt_ns seen set): bit 32
   * + h of {@link RcuState#holding()} and of a grace period's blockers.
   */
  static long holderInside(int h) {
    return 1L << (32 + h);
  }

  /**
   * Lockless namespace reader n is inside an RCU read-side section: bit 48 + n of a grace period's
   * blockers.
   */
  static long nsReaderInside(int n) {
    return 1L << (48 + n);
  }

  /**
   * Task t is inside mntput_no_expire's fast path: bit 40 + t of a grace period's blockers (tasks
   * are fewer than 8).
   */
  static long taskInside(int t) {
    return 1L << (40 + t);
  }

  /**
   * Task t is in dissolve_on_fput's lockless anon_ns_root check inside rcu_read_lock (Linux 7.2;
   * the planted design without the read-side section is not).
   */
  boolean insideDissolveCheck(int t) {
    return tasks.get(t).locklessNs() >= 0
        && setup.design().dissolveCheck() == DissolveCheck.UNDER_RCU;
  }

  /**
   * What mount m's mnt_ns names now: -1 once it left its namespace (NULL), the namespace the setup
   * gives it, or, after move_mount took it out of its anonymous namespace (emptied while the mount
   * still has a namespace), the namespace it was moved into.
   */
  int mntNs(int m) {
    if (!mounts.get(m).inNamespace()) return -1;
    int ns = setup.namespaceOf(m);
    if (ns >= 0 && setup.movedInto() >= 0 && namespaces.get(ns).emptied()) return setup.movedInto();
    return ns;
  }

  /** rcu_read_unlock of task t at the end of the fast path. */
  void taskLeft(int t) {
    left(taskInside(t));
  }

  /** rcu_read_unlock of namespace reader n. */
  void nsReaderLeft(int n) {
    left(nsReaderInside(n));
  }

  /** rcu_read_unlock of reader r: no grace period waits for it any more. */
  void readerLeft(int r) {
    left(1L << r);
  }

  /** rcu_read_unlock of holder h at the end of the fast path. */
  void holderLeft(int h) {
    left(holderInside(h));
  }

  private void left(long bit) {
    for (int i = 0; i < gps.size(); i++) {
      GracePeriod g = gps.get(i);
      if ((g.blockers() & bit) != 0)
        gpsForUpdate()
            .set(i, new GracePeriod(g.id(), g.blockers() & ~bit, g.done(), g.expedited()));
    }
  }

  /**
   * mntput_no_expire's slow path (mnt_ns clear): lock_mount_hash, the decrement, and for the final
   * reference MNT_DOOMED; true when it was the final one. The final put of a mount that still has
   * connected children (mntput_no_expire_slowpath) unhashes each with __umount_mnt onto its
   * mnt_stuck_children, for cleanup_mnt to put. lock_mount_hash is write_seqlock(&mount_lock), so
   * every slow path bumps the sequence count by two, final or not, and any walker whose
   * read_seqretry comes after the bump fails (read_seqretry notices any change of the count). A put
   * while mnt_ns is set takes the fast path instead, in two steps ({@link #fastPut}).
   */
  boolean put(int m) {
    RcuMount x = mounts.get(m);
    int c = x.count() - 1;
    boolean last = c == 0 && !x.doomed();
    x = x.withCount(c);
    if (last) x = x.withDoomed();
    if (last) {
      int stuck = 0;
      for (int child = 0; child < mounts.size(); child++) {
        if (child == m || mounts.get(child).parent() != m) continue;
        mounts.set(child, mounts.get(child).unhashedFromParent());
        stuck |= 1 << child;
      }
      if (stuck != 0) x = x.withStuckChildren(stuck);
    }
    seq += 2;
    mounts.set(m, x);
    return last;
  }

  /**
   * The second step of mntput_no_expire's fast path, taken after {@code actor} saw mnt_ns set under
   * rcu_read_lock: a bare decrement, no test for zero (the reference it drops is trusted not to be
   * the last), then rcu_read_unlock (the caller clears its read-side mark). Returns the new count.
   */
  int fastPut(String actor, int m) {
    RcuMount x = mounts.get(m);
    int c = x.count() - 1;
    mounts.set(m, x.withCount(c));
    events.add(new RcuEvent.FastPathPut(actor, m, c, x.doomed()));
    return c;
  }

  /** Whether a mntput of m now takes the fast path: mntput_no_expire reads mnt_ns set. */
  boolean fastPathApplies(int m) {
    return mounts.get(m).inNamespace();
  }

  /**
   * mntput_no_expire's slow path, as a kernel worker or the caller of kern_unmount runs it on an
   * MNT_INTERNAL mount: the final put runs cleanup_mnt right away. Appends to {@code sb}.
   */
  void putInternal(int m, Context by, StringBuilder sb) {
    boolean last = put(m);
    sb.append(", mntput m").append(m).append(" (count ").append(mounts.get(m).count()).append(")");
    if (last) {
      sb.append(", final: cleanup_mnt m").append(m).append(cleanup(m, by));
      sb.append(" (MNT_INTERNAL, superblock shut down)");
    }
  }

  /**
   * mnt_ns_release: drops one passive reference of namespace {@code ns}; at 0 the memory is freed
   * (kfree). {@code viaRcu}: this is the tree's reference, dropped by mnt_ns_release_rcu after a
   * grace period. Appends to {@code sb}.
   */
  void releasePassive(int ns, String actor, boolean viaRcu, StringBuilder sb) {
    RcuNamespace x = namespaces.get(ns);
    int p = x.passive() - 1;
    x = x.withPassive(p);
    if (viaRcu) x = x.withReleasedAfterGp();
    sb.append("mnt_ns_release ns").append(ns).append(" (passive ").append(p).append(")");
    if (p == 0) {
      x = x.withFreed();
      sb.append(", kfree");
      events.add(
          new RcuEvent.NsFreed(
              actor, ns, x.releasedAfterGp() || setup.design().lookupMntNsUnderTreeLock()));
    }
    namespaces.set(ns, x);
  }

  /** A lockless reader dereferences namespace {@code ns} (-1: the NULL it read). */
  void touchNs(String actor, int ns, String what) {
    boolean freed = ns >= 0 && namespaces.get(ns).freed();
    events.add(new RcuEvent.NsTouch(actor, ns, what, freed, ns < 0));
  }

  /** mnt_make_shortterm: mnt_ns = NULL, so later mntputs take the slow path. */
  void makeShortterm(int m) {
    mounts.set(m, mounts.get(m).shortterm());
  }

  /**
   * cleanup_mnt: the mntput of each stuck child, the superblock shut down, then
   * call_rcu(delayed_free_vfsmnt). A stuck child's final put queues its own cleanup_mnt to the same
   * context, which runs it before returning (task_work runs until its list is empty), so the model
   * runs it here. Returns what the stuck children's puts did, for the label ("" without any).
   */
  String cleanup(int m, Context by) {
    int stuck = mounts.get(m).stuckChildren();
    mounts.set(m, mounts.get(m).cleanedUp(by));
    events.add(new RcuEvent.Cleanup(m, by));
    int gp = newGp(by, "delayed_free_vfsmnt m" + m, false);
    callbacksForUpdate().add(new Callback(CallbackKind.FREE_MOUNT, gp, List.of(m)));
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < mounts.size(); c++) {
      if ((stuck & (1 << c)) == 0) continue;
      boolean last = put(c);
      sb.append(" (mntput of stuck child m").append(c).append(", count ");
      sb.append(mounts.get(c).count()).append(")");
      if (last) sb.append(", cleanup_mnt m").append(c).append(cleanup(c, by));
    }
    return sb.toString();
  }

  /**
   * What cleanup_mnt's deactivate_super did to mount m's superblock, for a label: shut down, or
   * still held by another mount of it (shared-superblock).
   */
  String superblockNote(int m) {
    if (setup.superblockKilled(mounts.list(), m)) return " (superblock shut down)";
    for (int o = 0; o < mounts.size(); o++)
      if (o != m && setup.superblockOf(o) == setup.superblockOf(m) && !mounts.get(o).shutDown())
        return " (deactivate_super: m" + o + " still holds the superblock)";
    return " (superblock shut down)";
  }

  /** Holders and legitimized readers of mount m: its users other than the tree and the caller. */
  int legitimateUsers(int m) {
    int n = 0;
    for (int h = 0; h < setup.holderMounts().size(); h++)
      if ((holding & (1L << h)) != 0 && setup.holderMounts().get(h) == m) n++;
    for (int r = 0; r < readers.size(); r++) {
      Reader rd = readers.get(r);
      if (rd.holdsRef() && rd.target() == m) n++;
      if (setup.dotdotCwd(r) == m && rd.phase() != ReaderPhase.DONE) n++; // its cwd
    }
    for (int i = 0; i < nsReaders.size(); i++)
      if (setup.nsReaderKinds().get(i) == NsReaderKind.FHANDLE
          && setup.nsReaderTargets().get(i) == m
          && nsReaders.get(i).phase() != NsReaderPhase.DONE) n++;
    // the second file on the mount of a task that moves it out of its anonymous namespace
    for (int t = 0; t < tasks.size(); t++) {
      TaskState st = tasks.get(t);
      List<Op> ops = setup.tasks().get(t).ops();
      if (st.pathRef() && st.op() < ops.size()) {
        Op op = ops.get(st.op());
        if (op.kind() == OpKind.MOVE_MOUNT && op.mount() == m) n++;
      }
    }
    return n;
  }

  /**
   * Lookups of mount m in flight: readers whose legitimize_mnt raised the count without keeping a
   * reference and that have not returned to user space (recheck pending, the -1 path's mntput owed,
   * or the final put's cleanup_mnt waiting in their task_work). None on a mount with
   * MNT_SYNC_UMOUNT: __legitimize_mnt undoes such an increment without mntput, so it never owns the
   * final reference.
   */
  int lookupsInFlight(int m) {
    if (mounts.get(m).syncUmount()) return 0;
    int n = 0;
    for (int r = 0; r < readers.size(); r++) {
      Reader rd = readers.get(r);
      ReaderPhase p = rd.phase();
      boolean inFlight =
          p == ReaderPhase.INCREMENTED || p == ReaderPhase.PUT_OWED || rd.pendingCleanup();
      if (inFlight && rd.target() == m) n++;
    }
    return n;
  }

  private static final Comparator<Callback> CALLBACK_ORDER = Edit::compare;

  private static int compare(Callback a, Callback b) {
    if (a.gp() != b.gp()) return Integer.compare(a.gp(), b.gp());
    if (a.kind() != b.kind()) return a.kind().compareTo(b.kind());
    int n = Math.min(a.mounts().size(), b.mounts().size());
    for (int i = 0; i < n; i++)
      if (!a.mounts().get(i).equals(b.mounts().get(i)))
        return Integer.compare(a.mounts().get(i), b.mounts().get(i));
    return Integer.compare(a.mounts().size(), b.mounts().size());
  }

  private static boolean sorted(List<Callback> cs) {
    for (int i = 1; i < cs.size(); i++)
      if (CALLBACK_ORDER.compare(cs.get(i - 1), cs.get(i)) > 0) return false;
    return true;
  }

  private boolean referenced(int gp) {
    if (ipc.workerGp() == gp) return true;
    for (TaskState t : tasks.list()) if (t.waitGp() == gp || t.snapshotGp() == gp) return true;
    for (Callback c : callbacks) if (c.gp() == gp) return true;
    return false;
  }

  RcuState build() {
    for (int i = gps.size() - 1; i >= 0; i--) {
      GracePeriod g = gps.get(i);
      if (g.done() && !referenced(g.id())) gpsForUpdate().remove(i);
    }
    if (callbacksCopied && !sorted(callbacks)) callbacks.sort(CALLBACK_ORDER);
    return new RcuState(
        mounts.list(),
        seq,
        lockOwner,
        readers.list(),
        holding,
        tasks.list(),
        gps,
        callbacks,
        delayed.list(),
        ipc,
        namespaces.list(),
        nsReaders.list());
  }
}
