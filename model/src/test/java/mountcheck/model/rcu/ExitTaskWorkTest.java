package mountcheck.model.rcu;

import static mountcheck.model.rcu.RcuSteps.apply;
import static mountcheck.model.rcu.RcuSteps.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * exit_task_work as a step of its own (kernel/exit.c do_exit, kernel/task_work.c): after it,
 * task_work_add on the exiting task fails, and mntput_no_expire_slowpath falls back to
 * delayed_mntput_work (fs/namespace.c). 7.2's do_exit tears the namespaces down before it, so the
 * teardown's final mntput still runs in the task; a put after it goes to a kworker, which may run
 * after exit_notify let the parent reap the task.
 */
class ExitTaskWorkTest {
  private static final Scope K1 = Scope.ofBound(1);

  private static RcuState namespaceTornDown(RcuSystem sys, RcuState s) {
    s = apply(sys, s, "t0: exit: switch_task_namespaces(NULL)");
    s = apply(sys, s, "t0: put_mnt_ns: namespace_sem, lock_mount_hash");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock: synchronize_rcu_expedited");
    return apply(sys, s, "rcu: grace period 0 ends");
  }

  @Test
  void mainlineRunsTheTeardownsCleanupInExitTaskWork() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.MAINLINE, K1, RcuScenario.EXIT);
    RcuState s = namespaceTornDown(sys, sys.initial());
    s =
        apply(
            sys,
            s,
            "t0: grace period 0 over: mntput m0 (count 0), final: cleanup_mnt queued to"
                + " task_work");
    s = apply(sys, s, "t0: put_ipc_ns: last reference dropped");
    s = apply(sys, s, "t0: put_ipc_ns: llist_add");
    s = apply(sys, s, "t0: exit_task_work, task_work: cleanup_mnt m0");
    assertTrue(s.mounts().get(0).shutDown());
    assertTrue(s.delayedMntput().isEmpty());
    Transition reap = step(sys, s, "t0: exit_notify: the parent can reap");
    RcuEvent.ExitReaped r = (RcuEvent.ExitReaped) reap.events().get(0);
    assertTrue(r.shutDown());
  }

  @Test
  void withExitTaskWorkFirstTheFinalPutGoesToDelayedMntput() {
    RcuSystem sys = RcuSystem.of(LifetimeDesign.EXIT_TASK_WORK_FIRST, K1, RcuScenario.EXIT);
    RcuState s = apply(sys, sys.initial(), "t0: exit_task_work, task_work closed");
    s = namespaceTornDown(sys, s);
    s =
        apply(
            sys,
            s,
            "t0: grace period 0 over: mntput m0 (count 0), final: task_work_add fails (task_work"
                + " closed), cleanup_mnt queued to delayed_mntput_work");
    assertEquals(List.of(0), s.delayedMntput());
    s = apply(sys, s, "t0: put_ipc_ns: last reference dropped");
    s = apply(sys, s, "t0: put_ipc_ns: llist_add");
    Transition reap = step(sys, s, "t0: exit_notify: the parent can reap");
    RcuEvent.ExitReaped r = (RcuEvent.ExitReaped) reap.events().get(0);
    assertEquals(0, r.otherUsers());
    assertFalse(r.shutDown(), "reaped before delayed_mntput_work ran cleanup_mnt");
    s = apply(sys, reap.next(), "kworker: delayed_mntput_work: cleanup_mnt m0");
    assertEquals(Context.WORKER, s.mounts().get(0).cleanedBy());
  }

  @Test
  void aSoftirqPutAfterExitTaskWorkFallsBackToDelayedMntput() {
    // the 2023 RFC's call_rcu callback puts the victims in softirq, on whatever task it interrupts
    RcuSystem sys = RcuSystem.of(LifetimeDesign.DEFERRED_2023, K1, RcuScenario.EXIT);
    RcuState s = sys.initial();
    s = apply(sys, s, "t0: exit: switch_task_namespaces(NULL)");
    s = apply(sys, s, "t0: put_mnt_ns: namespace_sem, lock_mount_hash");
    s = apply(sys, s, "t0: umount_tree m0");
    s = apply(sys, s, "t0: namespace_unlock: call_rcu(mntput m0)");
    s = apply(sys, s, "t0: put_ipc_ns: last reference dropped");
    s = apply(sys, s, "t0: put_ipc_ns: llist_add");
    s = apply(sys, s, "t0: exit_task_work, task_work closed");
    s = apply(sys, s, "rcu: grace period 0 ends");
    s =
        apply(
            sys,
            s,
            "softirq on t0: rcu callback (grace period 0): lock_mount_hash in softirq; mntput m0"
                + " (count 0), final: task_work_add on t0 fails, cleanup_mnt queued to"
                + " delayed_mntput_work");
    assertEquals(List.of(0), s.delayedMntput());
    assertTrue(s.tasks().get(0).taskWork().isEmpty());
  }
}
