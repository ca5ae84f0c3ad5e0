package mountcheck.model.rcu;

/** The execution context that runs a piece of teardown work, for cost accounting. */
public enum Context {
  /** The task that issued the operation (umount caller, exiting task, ipc namespace owner). */
  CALLER("caller"),
  /** An RCU path walker that dropped the final reference after a failed legitimize. */
  READER("reader"),
  /** A task holding an open file on the mount that closed it. */
  HOLDER("holder"),
  /** A kernel worker: workqueue item, RCU callback or delayed_mntput_work. */
  WORKER("worker"),
  /** No teardown has run yet. */
  NONE("-");

  private final String label;

  Context(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
