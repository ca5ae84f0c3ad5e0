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
    boolean holdsIpc) {

  public TaskState {
    victims = List.copyOf(victims);
    taskWork = List.copyOf(taskWork);
  }

  public static TaskState start(boolean active, boolean holdsIpc) {
    return new TaskState(
        0, 0, active, false, -1, -1, List.of(), OpResult.PENDING, List.of(), holdsIpc);
  }
}
