package mountcheck.model.rcu;

import java.util.List;

/**
 * The changing part of a task (its plan is in {@link TaskSetup}).
 *
 * @param op index of the current operation (== ops.size() when done)
 * @param pc index of the next step within the operation
 * @param active runnable (a worker becomes active when queued)
 * @param pathRef holds the path reference taken by umount's lookup
 * @param waitGp the grace period it waits for, -1 for none
 * @param snapshotGp the polled grace-period snapshot, -1 for none
 * @param victims mounts umount_tree detached, not yet mntput
 * @param result the current operation's result
 * @param taskWork mounts whose cleanup_mnt is queued to this task's task_work
 * @param holdsIpc holds a live ipc namespace
 * @param fastPut inside mntput_no_expire's fast path on its operation's mount (rcu_read_lock taken,
 *     mnt_ns seen set, the decrement not yet done)
 * @param flushRuns create_ipc_ns's flush_work waits for this many more runs of free_ipc_work (or
 *     ipc free work items): those queued or running when it was called, not later ones
 * @param locklessNs the mnt_ns value dissolve_on_fput's lockless anon_ns_root check read (Linux
 *     7.2), -1 outside that check; the task is inside rcu_read_lock while it holds it, unless the
 *     design leaves the read-side section out
 */
public record TaskState(
    int op,
    int pc,
    boolean active,
    boolean pathRef,
    int waitGp,
    int snapshotGp,
    List<Integer> victims,
    OpResult result,
    List<Integer> taskWork,
    boolean holdsIpc,
    boolean fastPut,
    int flushRuns,
    int locklessNs) {

  public TaskState {
    victims = List.copyOf(victims);
    taskWork = List.copyOf(taskWork);
  }

  public static TaskState start(boolean active, boolean holdsIpc) {
    return new TaskState(
        0,
        0,
        active,
        false,
        -1,
        -1,
        List.of(),
        OpResult.PENDING,
        List.of(),
        holdsIpc,
        false,
        0,
        -1);
  }

  /** At step {@code newPc} of operation {@code newOp}, with {@code newResult}. */
  public TaskState at(int newOp, int newPc, OpResult newResult) {
    return new TaskState(
        newOp,
        newPc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        victims,
        newResult,
        taskWork,
        holdsIpc,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withPathRef(boolean v) {
    return new TaskState(
        op,
        pc,
        active,
        v,
        waitGp,
        snapshotGp,
        victims,
        result,
        taskWork,
        holdsIpc,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withWaitGp(int gp) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        gp,
        snapshotGp,
        victims,
        result,
        taskWork,
        holdsIpc,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withSnapshotGp(int gp) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        gp,
        victims,
        result,
        taskWork,
        holdsIpc,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withVictims(List<Integer> v) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        v,
        result,
        taskWork,
        holdsIpc,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withResult(OpResult r) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        victims,
        r,
        taskWork,
        holdsIpc,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withTaskWork(List<Integer> w) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        victims,
        result,
        w,
        holdsIpc,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withHoldsIpc(boolean holds) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        victims,
        result,
        taskWork,
        holds,
        fastPut,
        flushRuns,
        locklessNs);
  }

  public TaskState withFastPut(boolean v) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        victims,
        result,
        taskWork,
        holdsIpc,
        v,
        flushRuns,
        locklessNs);
  }

  public TaskState withFlushRuns(int n) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        victims,
        result,
        taskWork,
        holdsIpc,
        fastPut,
        n,
        locklessNs);
  }

  /** A queued worker woken with the ipc namespace handed over to it. */
  public TaskState woken(boolean withIpc) {
    return new TaskState(
        op, pc, true, false, -1, -1, List.of(), result, List.of(), withIpc, false, 0, -1);
  }

  public TaskState withLocklessNs(int ns) {
    return new TaskState(
        op,
        pc,
        active,
        pathRef,
        waitGp,
        snapshotGp,
        victims,
        result,
        taskWork,
        holdsIpc,
        fastPut,
        flushRuns,
        ns);
  }
}
