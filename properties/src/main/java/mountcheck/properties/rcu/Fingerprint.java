package mountcheck.properties.rcu;

import mountcheck.model.rcu.Callback;
import mountcheck.model.rcu.GracePeriod;
import mountcheck.model.rcu.IpcState;
import mountcheck.model.rcu.NsReader;
import mountcheck.model.rcu.RcuMount;
import mountcheck.model.rcu.RcuNamespace;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.Reader;
import mountcheck.model.rcu.TaskState;

/**
 * A 64-bit fingerprint of a state for the explorer's visited set (hash compaction, as explicit
 * state model checkers do): with n states the chance of any collision is about n^2 / 2^65, under
 * 1e-5 for ten million states.
 */
final class Fingerprint {
  private long h = 0x9E3779B97F4A7C15L;

  private Fingerprint() {}

  static long of(RcuState s) {
    Fingerprint f = new Fingerprint();
    f.add(s.mounts().size());
    for (RcuMount m : s.mounts()) {
      f.add(
          (m.hashed() ? 1 : 0)
              | (m.inNamespace() ? 2 : 0)
              | (m.syncUmount() ? 4 : 0)
              | (m.doomed() ? 8 : 0)
              | (m.shutDown() ? 16 : 0)
              | (m.freed() ? 32 : 0)
              | (m.cleanedBy().ordinal() << 6));
      f.add(m.count());
      f.add(m.usersAtDetach());
      f.add(m.parent());
      f.add(m.stuckChildren());
    }
    f.add(s.seq());
    f.add(s.lockOwner());
    for (Reader r : s.readers()) {
      f.add(r.phase().ordinal() | (r.holdsRef() ? 16 : 0) | (r.pendingCleanup() ? 32 : 0));
      f.add(r.seq());
      f.add(r.target());
    }
    f.add(s.holding());
    for (TaskState t : s.tasks()) {
      f.add(t.op());
      f.add(t.pc());
      f.add(
          (t.active() ? 1 : 0)
              | (t.pathRef() ? 2 : 0)
              | (t.holdsIpc() ? 4 : 0)
              | (t.result().ordinal() << 3));
      f.add(t.waitGp());
      f.add(t.snapshotGp());
      f.add(t.victims().size());
      for (int v : t.victims()) f.add(v);
      f.add(t.taskWork().size());
      for (int v : t.taskWork()) f.add(v);
    }
    f.add(s.gps().size());
    for (GracePeriod g : s.gps()) {
      f.add(g.id());
      f.add(g.blockers());
      f.add((g.done() ? 1 : 0) | (g.expedited() ? 2 : 0));
    }
    f.add(s.callbacks().size());
    for (Callback c : s.callbacks()) {
      f.add(c.kind().ordinal());
      f.add(c.gp());
      f.add(c.mounts().size());
      for (int m : c.mounts()) f.add(m);
    }
    f.add(s.delayedMntput().size());
    for (int m : s.delayedMntput()) f.add(m);
    IpcState i = s.ipc();
    f.add(i.live());
    f.add(i.queued());
    f.add(i.batch());
    f.add(i.charged());
    f.add(i.worker().ordinal());
    f.add(i.workerGp());
    f.add(s.namespaces().size());
    for (RcuNamespace n : s.namespaces()) {
      f.add(
          (n.anon() ? 1 : 0)
              | (n.inTree() ? 2 : 0)
              | (n.emptied() ? 4 : 0)
              | (n.removed() ? 8 : 0)
              | (n.releasedAfterGp() ? 16 : 0)
              | (n.freed() ? 32 : 0));
      f.add(n.active());
      f.add(n.passive());
    }
    f.add(s.nsReaders().size());
    for (NsReader r : s.nsReaders())
      f.add(r.phase().ordinal() | (r.inside() ? 16 : 0) | (r.sawNull() ? 32 : 0));
    return f.h;
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
