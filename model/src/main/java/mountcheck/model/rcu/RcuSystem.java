package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The transition system: every step enabled in a state, as labelled successors. This is the API a
 * schedule generator draws from: {@link #successors} lists the choices, {@link #step} replays one
 * by label. Readers follow RCU path walk and legitimize_mnt (fs/namespace.c; commit 48a066e72d97
 * "RCU'd vfsmounts"; commit 65781e19dcfc); tasks follow their variant's plan ({@link Plans}); grace
 * periods end only once every reader that was inside at their start has left.
 */
public final class RcuSystem {
  private final Setup setup;

  public RcuSystem(Setup setup) {
    this.setup = setup;
  }

  public static RcuSystem of(LifetimeDesign variant, Scope scope, RcuScenario scenario) {
    return new RcuSystem(Setup.of(variant, scope, scenario));
  }

  public Setup setup() {
    return setup;
  }

  public RcuState initial() {
    return setup.initial();
  }

  /**
   * Every enabled step, in a fixed order: readers, namespace readers, holders, tasks, grace
   * periods, callbacks, workers.
   */
  public List<Transition> successors(RcuState s) {
    List<Transition> out = new ArrayList<>();
    for (int r = 0; r < s.readers().size(); r++) add(out, ReaderSteps.step(setup, s, r));
    for (int n = 0; n < s.nsReaders().size(); n++) add(out, NsReaderSteps.step(setup, s, n));
    for (int h = 0; h < setup.holderMounts().size(); h++) add(out, holderClose(s, h));
    for (int t = 0; t < s.tasks().size(); t++) add(out, TaskSteps.step(setup, s, t));
    boolean normalRunning = false;
    boolean expeditedRunning = false;
    for (GracePeriod g : s.gps()) {
      if (g.done()) continue;
      boolean earlierRunning = g.expedited() ? expeditedRunning : normalRunning;
      if (!earlierRunning && g.blockers() == 0) out.add(gpEnd(s, g));
      if (g.expedited()) expeditedRunning = true;
      else normalRunning = true;
    }
    if (!s.callbacks().isEmpty()) {
      int maxId = 0;
      for (GracePeriod g : s.gps()) maxId = Math.max(maxId, g.id());
      for (Callback c : s.callbacks()) maxId = Math.max(maxId, c.gp());
      boolean[] running = new boolean[maxId + 1];
      for (GracePeriod g : s.gps()) running[g.id()] = !g.done();
      for (int c = 0; c < s.callbacks().size(); c++)
        if (!running[s.callbacks().get(c).gp()]) addCallback(out, s, c);
    }
    add(out, KernelSteps.delayedMntput(setup, s));
    add(out, KernelSteps.ipcWorker(setup, s));
    return out;
  }

  /** The enabled step with this label, if any. */
  public Optional<Transition> step(RcuState s, String label) {
    for (Transition t : successors(s)) if (t.label().equals(label)) return Optional.of(t);
    return Optional.empty();
  }

  /** True when every task has finished its operations. */
  public boolean allTasksDone(RcuState s) {
    for (int t = 0; t < s.tasks().size(); t++) {
      TaskState ts = s.tasks().get(t);
      if (ts.active() && ts.op() < setup.tasks().get(t).ops().size()) return false;
    }
    return true;
  }

  /**
   * A callback whose grace period ended: a softirq one runs once per context it can interrupt (an
   * idle CPU, or any task still running), the others as one kernel step.
   */
  private void addCallback(List<Transition> out, RcuState s, int c) {
    if (s.callbacks().get(c).kind() != CallbackKind.PUT_VICTIMS_CALLBACK) {
      add(out, KernelSteps.callback(setup, s, c));
      return;
    }
    add(out, KernelSteps.softirqCallback(setup, s, c, -1));
    for (int t = 0; t < s.tasks().size(); t++) {
      TaskState ts = s.tasks().get(t);
      if (ts.active() && ts.op() < setup.tasks().get(t).ops().size())
        add(out, KernelSteps.softirqCallback(setup, s, c, t));
    }
  }

  private static void add(List<Transition> out, Transition t) {
    if (t != null) out.add(t);
  }

  private Transition gpEnd(RcuState s, GracePeriod g) {
    Edit e = new Edit(setup, s);
    e.gpsForUpdate()
        .replaceAll(x -> x.id() == g.id() ? new GracePeriod(x.id(), 0, true, x.expedited()) : x);
    return new Transition("rcu: grace period " + g.id() + " ends", e.build(), e.events);
  }

  /**
   * A task holding an open file on the mount closes it: mntput_no_expire. Under rcu_read_lock it
   * reads mnt_ns; set, it takes the fast path, a bare decrement before rcu_read_unlock, trusting
   * that a reference it can see mnt_ns through is not the last (two steps, so a grace period
   * started in between waits for it); clear, the slow path takes mount_lock, and the final put
   * marks MNT_DOOMED and queues cleanup_mnt to its task_work (fs/namespace.c).
   */
  private Transition holderClose(RcuState s, int h) {
    if ((s.holding() & (1L << h)) == 0) return null;
    int m = setup.holderMounts().get(h);
    RcuMount x = s.mounts().get(m);
    Edit e = new Edit(setup, s);
    String who = "h" + h + ": ";
    if ((s.holding() & Edit.holderInside(h)) != 0) {
      e.holding &= ~((1L << h) | Edit.holderInside(h));
      int c = e.fastPut("h" + h, m);
      e.holderLeft(h);
      return new Transition(
          who + "mntput fast path on m" + m + ": count-- (" + c + "), rcu_read_unlock",
          e.build(),
          e.events);
    }
    if (x.inNamespace()) {
      e.holding |= Edit.holderInside(h);
      return new Transition(
          who + "close file on m" + m + ": mntput: rcu_read_lock, mnt_ns set: fast path",
          e.build(),
          e.events);
    }
    if (s.lockOwner() >= 0) return null; // slow path takes mount_lock
    e.holding &= ~(1L << h);
    boolean last = e.put(m);
    String label = who + "close file on m" + m + ": mntput (count " + e.mounts.get(m).count() + ")";
    if (last && setup.internal(m))
      // mntput_no_expire_slowpath: an MNT_INTERNAL mount's cleanup_mnt runs inline, in __fput
      label +=
          ", MNT_INTERNAL: cleanup_mnt m"
              + m
              + e.cleanup(m, Context.HOLDER)
              + " inline (superblock shut down), return to user space";
    else if (last)
      label +=
          ", return to user space, task_work: cleanup_mnt m"
              + m
              + e.cleanup(m, Context.HOLDER)
              + " (superblock shut down)";
    return new Transition(label, e.build(), e.events);
  }
}
