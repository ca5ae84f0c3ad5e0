package mountcheck.model.rcu;

/** The situations the explorer starts from; each is explored on its own. */
public enum RcuScenario {
  /** A task umounts each mount without MNT_DETACH while readers walk and a holder may close. */
  UMOUNT_SYNC("umount"),
  /** The same with umount -l (MNT_DETACH). */
  UMOUNT_LAZY("umount-l"),
  /** A task exits as the last user of its nsproxy, mount namespace (m0) and ipc namespace. */
  EXIT("exit"),
  /**
   * Tasks create and put ipc namespaces against the ucount limit (K + 1 creators, a limit of K);
   * free_ipc_work races.
   */
  IPC("ipc"),
  /**
   * A task closes the file open_tree(OPEN_TREE_CLONE) gave it (dissolve_on_fput tears down the
   * anonymous namespace and frees it) while K open_by_handle_at(2) callers check permissions on
   * other fds of the same mount.
   */
  ANON_NS("anon-ns"),
  /**
   * A task closes the last nsfs file of a mount namespace (put_mnt_ns, not at exit) while K
   * readers, in turn listmount(2) looking the namespace up by id and open_by_handle_at(2) checking
   * permissions on a directory fd of its root mount.
   */
  NSFS_CLOSE("nsfs-close"),
  /**
   * Two updaters on a two-level tree: t0 runs umount -l on m0 while t1 runs umount -l on its child
   * m1 (one namespace_unlock may drop both); K walkers, in turn one looking m1 up and one going
   * from m1's root up through mnt_parent ({@code ..}).
   */
  TREE("tree"),
  /**
   * The same with m1 MNT_LOCKED: the lazy umount of m0 leaves it connected and hashed, m0's final
   * mntput moves it onto mnt_stuck_children, and m0's cleanup_mnt puts it; t1's umount of m1 fails
   * with EINVAL.
   */
  TREE_LOCKED("tree-locked"),
  /**
   * A task closes the last nsfs file of mount namespace ns0 (Linux 7.2's nsfs_evict: the
   * active-user count, then the reference) while K readers, in turn listns(2) and
   * open_by_handle_at(2) with an nsfs file handle, get the namespace with ns_get_unless_inactive
   * under rcu_read_lock and put it later, which may be the last put and tear the namespace down in
   * the reader's own context. The namespace's mounts are not modelled (nsfs-close has them).
   */
  NS_GET("ns-get"),
  /**
   * t1 moves the root m0 of anonymous namespace ns0 into its own namespace ns1 with move_mount(2)
   * through a second file on m0, which empties ns0 and frees it (free_mnt_ns), while t0 closes the
   * open_tree(OPEN_TREE_CLONE) file whose last fput runs dissolve_on_fput's lockless anon_ns_root
   * check on m0, and K open_by_handle_at(2) callers check permissions on other fds of m0.
   */
  ANON_NS_MOVE("anon-ns-move"),
  /**
   * t0 runs umount -l on m0, on which m1 is mounted, while K walkers whose working directory is
   * inside m0 (not at a child's root) look m1 up from there; each puts what it legitimized and its
   * working directory when it returns, which may be after umount -l returned and may be m0's final
   * mntput.
   */
  TREE_CWD("tree-cwd"),
  /**
   * t0 releases m0, a kernel-internal mount (kern_mount, MNT_INTERNAL: not in any namespace's tree,
   * never in the mount hash), with kern_unmount while K holders close files open on it; the final
   * mntput, kern_unmount's or a holder's, runs cleanup_mnt inline in its own context
   * (mntput_no_expire_slowpath), not through task_work.
   */
  KERN_UNMOUNT("kern-unmount"),
  /**
   * A kworker expires m0, an MNT_SHRINKABLE automount marked by the previous pass
   * (mark_mounts_for_expiry: busy unless only its parent references it, then umount_tree with
   * UMOUNT_SYNC), while K walkers look m0 up; the final mntput in the kworker hands cleanup_mnt to
   * delayed_mntput_work, another kworker, after the expiring work returned.
   */
  EXPIRY("expiry"),
  /**
   * m0 and m1 are two mounts of one superblock (m1 a bind mount of m0's root elsewhere); t0 runs
   * umount on m0 while K walkers look m1 up and walk into its filesystem. m0's cleanup_mnt drops
   * one active reference of the superblock (deactivate_super), and kill_sb waits for m1's.
   */
  SHARED_SUPERBLOCK("shared-superblock");

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
