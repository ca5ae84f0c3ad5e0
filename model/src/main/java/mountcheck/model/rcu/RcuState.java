package mountcheck.model.rcu;

import java.util.List;

/**
 * One global state of the lifetime model. Immutable; equal states are interchangeable, which is
 * what the explorer's deduplication relies on.
 *
 * @param mounts struct mounts by id
 * @param seq the mount_lock sequence count (odd while held for writing)
 * @param lockOwner the task holding mount_lock for writing, -1 for none
 * @param readers RCU path walkers by id
 * @param holding bit i set: holder i still holds its file reference; bit 32 + i set: holder i is
 *     inside mntput_no_expire's fast path (between rcu_read_lock and its decrement)
 * @param tasks tasks and task-like workers by index (see {@link Setup#tasks()})
 * @param gps grace periods not yet forgotten, in the order they started
 * @param callbacks pending call_rcu callbacks and rcu_work items
 * @param delayedMntput mounts whose cleanup_mnt waits on delayed_mntput_work
 * @param ipc ipc namespaces and free_ipc_work
 * @param namespaces mount namespaces by id (only in the namespace scenarios)
 * @param nsReaders lockless mount-namespace readers by id (see {@link Setup#nsReaderKinds()})
 */
public record RcuState(
    List<RcuMount> mounts,
    int seq,
    int lockOwner,
    List<Reader> readers,
    long holding,
    List<TaskState> tasks,
    List<GracePeriod> gps,
    List<Callback> callbacks,
    List<Integer> delayedMntput,
    IpcState ipc,
    List<RcuNamespace> namespaces,
    List<NsReader> nsReaders) {

  public RcuState {
    mounts = List.copyOf(mounts);
    readers = List.copyOf(readers);
    tasks = List.copyOf(tasks);
    gps = List.copyOf(gps);
    callbacks = List.copyOf(callbacks);
    delayedMntput = List.copyOf(delayedMntput);
    namespaces = List.copyOf(namespaces);
    nsReaders = List.copyOf(nsReaders);
  }

  /** The grace period with this id, or null when it has been forgotten. */
  public GracePeriod gp(int id) {
    for (GracePeriod g : gps) if (g.id() == id) return g;
    return null;
  }
}
