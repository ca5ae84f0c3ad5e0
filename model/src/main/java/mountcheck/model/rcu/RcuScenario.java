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
  IPC("ipc"),
  /**
   * A task closes the file open_tree(OPEN_TREE_CLONE) gave it (dissolve_on_fput tears down the
   * anonymous namespace and frees it) while open_by_handle_at(2) checks permissions on another fd
   * of the same mount.
   */
  ANON_NS("anon-ns"),
  /**
   * A task closes the last nsfs file of a mount namespace (put_mnt_ns, not at exit) while
   * listmount(2) looks the namespace up by id and, from bound 2, open_by_handle_at(2) checks
   * permissions on a directory fd of its root mount.
   */
  NSFS_CLOSE("nsfs-close");

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
