package mountcheck.properties.rcu;

import java.util.Arrays;
import java.util.List;
import mountcheck.model.rcu.Callback;
import mountcheck.model.rcu.GracePeriod;
import mountcheck.model.rcu.IpcState;
import mountcheck.model.rcu.NsReader;
import mountcheck.model.rcu.RcuMount;
import mountcheck.model.rcu.RcuNamespace;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.Reader;
import mountcheck.model.rcu.ReaderPhase;
import mountcheck.model.rcu.Setup;
import mountcheck.model.rcu.TaskState;

/**
 * A 64-bit fingerprint of a state for the explorer's visited set (hash compaction, as explicit
 * state model checkers do): with n states the chance of any collision is about n^2 / 2^65, under
 * 1e-5 for ten million states.
 *
 * <p>Two reductions make states that behave alike share one fingerprint:
 *
 * <ul>
 *   <li>of the mount_lock sequence count only what a reader can observe: whether a writer holds it
 *       (read_seqbegin spins on an odd count) and, for each walker that will still compare, whether
 *       its sample equals the count now (read_seqretry notices any bump, and the count only grows,
 *       so a sample that differs never matches again);
 *   <li>readers of the same kind are interchangeable ({@link ReaderSymmetry}): each class of
 *       readers goes in as the sorted multiset of its readers' states, each with the grace periods
 *       it blocks, and the grace periods go in without the readers' blocker bits.
 * </ul>
 */
final class Fingerprint {
  /**
   * The blocker bits of path walkers (0-31) and lockless namespace readers (48-63); those of
   * holders (32-39) and tasks (40-47) stay in the grace periods.
   */
  private static final long READER_BITS = 0xFFFF_0000_FFFF_FFFFL;

  private final ReaderSymmetry symmetry;
  private long h;

  private Fingerprint(ReaderSymmetry symmetry) {
    this.symmetry = symmetry;
  }

  /** A fingerprinter for the states of {@code setup}. */
  static Fingerprint forSetup(Setup setup) {
    return new Fingerprint(ReaderSymmetry.of(setup));
  }

  long of(RcuState s) {
    h = 0x9E3779B97F4A7C15L;
    add(s.mounts().size());
    for (RcuMount m : s.mounts()) {
      add(
          (m.hashed() ? 1 : 0)
              | (m.inNamespace() ? 2 : 0)
              | (m.syncUmount() ? 4 : 0)
              | (m.doomed() ? 8 : 0)
              | (m.shutDown() ? 16 : 0)
              | (m.freed() ? 32 : 0)
              | (m.cleanedBy().ordinal() << 6));
      add(m.count());
      add(m.usersAtDetach());
      add(m.parent());
      add(m.stuckChildren());
    }
    add(s.seq() & 1);
    add(s.lockOwner());
    addReaders(s);
    add(s.holding());
    for (TaskState t : s.tasks()) {
      add(t.op());
      add(t.pc());
      add(
          (t.active() ? 1 : 0)
              | (t.pathRef() ? 2 : 0)
              | (t.holdsIpc() ? 4 : 0)
              | (t.fastPut() ? 8 : 0)
              | (t.result().ordinal() << 4));
      add(t.flushRuns());
      add(t.locklessNs());
      add(t.waitGp());
      add(t.snapshotGp());
      add(t.victims().size());
      for (int v : t.victims()) add(v);
      add(t.taskWork().size());
      for (int v : t.taskWork()) add(v);
    }
    add(s.gps().size());
    for (GracePeriod g : s.gps()) {
      add(g.id());
      add(g.blockers() & ~READER_BITS);
      add((g.done() ? 1 : 0) | (g.expedited() ? 2 : 0));
    }
    add(s.callbacks().size());
    for (Callback c : s.callbacks()) {
      add(c.kind().ordinal());
      add(c.gp());
      add(c.mounts().size());
      for (int m : c.mounts()) add(m);
    }
    add(s.delayedMntput().size());
    for (int m : s.delayedMntput()) add(m);
    IpcState i = s.ipc();
    add(i.live());
    add(i.queued());
    add(i.batch());
    add(i.charged());
    add(i.worker().ordinal());
    add(i.workerGp());
    add(s.namespaces().size());
    for (RcuNamespace n : s.namespaces()) {
      add(
          (n.anon() ? 1 : 0)
              | (n.inTree() ? 2 : 0)
              | (n.emptied() ? 4 : 0)
              | (n.removed() ? 8 : 0)
              | (n.releasedAfterGp() ? 16 : 0)
              | (n.freed() ? 32 : 0));
      add(n.active());
      add(n.passive());
      add(n.activeUsers());
    }
    return h;
  }

  /**
   * Every reader as (class, own state, grace periods it blocks), sorted: the same multiset for any
   * permutation of interchangeable readers.
   */
  private void addReaders(RcuState s) {
    List<Reader> walkers = s.readers();
    List<NsReader> nsReaders = s.nsReaders();
    long[] keys = new long[walkers.size() + nsReaders.size()];
    for (int r = 0; r < walkers.size(); r++) {
      Reader rd = walkers.get(r);
      boolean sampleSeen = comparesLater(rd.phase()) && rd.seq() == s.seq();
      long own =
          rd.phase().ordinal()
              | (rd.holdsRef() ? 1 << 5 : 0)
              | (rd.pendingCleanup() ? 1 << 6 : 0)
              | (sampleSeen ? 1 << 7 : 0)
              | (rd.fastPut() ? 1 << 8 : 0)
              | (long) (rd.target() + 1) << 9;
      keys[r] = key(0, symmetry.walkerClass(r), own, blocked(s, 1L << r));
    }
    for (int n = 0; n < nsReaders.size(); n++) {
      NsReader rd = nsReaders.get(n);
      long own =
          rd.phase().ordinal()
              | (rd.inside() ? 1 << 5 : 0)
              | (rd.sawNull() ? 1 << 6 : 0)
              | (long) (rd.seen() + 1) << 7;
      keys[walkers.size() + n] = key(1, symmetry.nsReaderClass(n), own, blocked(s, 1L << (48 + n)));
    }
    Arrays.sort(keys);
    add(keys.length);
    for (long k : keys) add(k);
  }

  /** A reader's sort key: family, class, own state (16 bits), blocked grace periods (32 bits). */
  private static long key(int family, int cls, long own, long blocked) {
    return (long) family << 63 | (long) (cls & 0x7FFF) << 48 | (own & 0xFFFF) << 32 | blocked;
  }

  /**
   * Bit i set: the i-th grace period of the state waits for the reader whose blocker bit is given.
   */
  private static long blocked(RcuState s, long bit) {
    long out = 0;
    List<GracePeriod> gps = s.gps();
    for (int i = 0; i < gps.size() && i < 32; i++)
      if ((gps.get(i).blockers() & bit) != 0) out |= 1L << i;
    return out;
  }

  /**
   * A walker in one of these phases still compares its sample with mount_lock's count
   * (follow_dotdot_rcu's read_seqretry, legitimize_mnt's check and recheck).
   */
  private static boolean comparesLater(ReaderPhase p) {
    return switch (p) {
      case INSIDE, IN_PARENT, FOUND, WALKED, CHECKED, INCREMENTED -> true;
      default -> false;
    };
  }

  private void add(long v) {
    h = mix(h ^ mix(v + 0x632BE59BD9B4E019L));
  }

  /** SplitMix64's finalizer. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
