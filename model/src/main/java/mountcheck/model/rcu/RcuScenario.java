package mountcheck.model.rcu;

/** The situations the explorer starts from; each is explored on its own. */
public enum RcuScenario {
  /** A task umounts each mount without MNT_DETACH while readers walk and a holder may close. */
  UMOUNT_SYNC("umount"),
  /** The same with umount -l (MNT_DETACH). */
  UMOUNT_LAZY("umount-l"),
  /** A task exits as the last user of its nsproxy, mount namespace (m0) and ipc namespace. */
  EXIT("exit"),
  /** A task creates and puts ipc namespaces against the ucount limit; free_ipc_work races. */
  IPC("ipc");

  private final String label;

  RcuScenario(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static RcuScenario byLabel(String label) {
    for (RcuScenario s : values()) if (s.label.equals(label)) return s;
    throw new IllegalArgumentException("unknown scenario: " + label);
  }
}
