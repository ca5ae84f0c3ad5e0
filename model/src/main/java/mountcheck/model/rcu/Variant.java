package mountcheck.model.rcu;

import static mountcheck.model.rcu.UpdaterStep.CALL_RCU_VICTIMS;
import static mountcheck.model.rcu.UpdaterStep.COND_SYNC_RCU;
import static mountcheck.model.rcu.UpdaterStep.LOCK;
import static mountcheck.model.rcu.UpdaterStep.MNTPUT_VICTIMS;
import static mountcheck.model.rcu.UpdaterStep.QUEUE_RCU_WORK_VICTIMS;
import static mountcheck.model.rcu.UpdaterStep.RETURN;
import static mountcheck.model.rcu.UpdaterStep.SNAPSHOT_GP;
import static mountcheck.model.rcu.UpdaterStep.SYNC_RCU;
import static mountcheck.model.rcu.UpdaterStep.SYNC_RCU_EXPEDITED;
import static mountcheck.model.rcu.UpdaterStep.UMOUNT_TREE;

import java.util.List;
import java.util.Optional;

/**
 * One updater design: the steps umount(2) takes, synchronous and lazy, in order, the steps of the
 * namespace teardown at exit (put_mnt_ns: umount_tree without UMOUNT_SYNC, then namespace_unlock),
 * and how ipc namespaces and nsproxies are freed.
 *
 * @param name the --variant name
 * @param models the commit or mailing-list proposal it models
 * @param syncUmount steps of umount(2) without MNT_DETACH
 * @param lazyUmount steps of umount(2) with MNT_DETACH
 * @param teardownUmount steps of put_mnt_ns's umount (in the lazy form: LOCK stands for its
 *     locking, RETURN is dropped; see {@link Plans#teardownSteps})
 * @param ipcFree how put_ipc_ns frees a namespace
 * @param ipcGracePeriod whether the ipc free waits for a grace period between mnt_make_shortterm
 *     and the mqueue mount's mntput (free_ipc's synchronize_rcu, kern_unmount's)
 * @param createFlushes whether create_ipc_ns flushes pending frees and retries at the ucount limit
 * @param nsproxyFree where the last nsproxy put tears down the namespaces
 * @param mntNsReleaseAfterGp free_mnt_ns's mnt_ns_tree_remove drops the tree's passive reference
 *     with call_rcu (mainline), not at once
 * @param fhandleCheckUnderRcu open_by_handle_at's permission check reads mnt_ns once, with
 *     READ_ONCE under rcu_read_lock (capable_wrt_mount, Linux 7.x), not twice without it
 */
public record Variant(
    String name,
    String models,
    List<UpdaterStep> syncUmount,
    List<UpdaterStep> lazyUmount,
    List<UpdaterStep> teardownUmount,
    IpcFree ipcFree,
    boolean ipcGracePeriod,
    boolean createFlushes,
    NsproxyFree nsproxyFree,
    boolean mntNsReleaseAfterGp,
    boolean fhandleCheckUnderRcu) {

  public Variant {
    syncUmount = List.copyOf(syncUmount);
    lazyUmount = List.copyOf(lazyUmount);
    teardownUmount = List.copyOf(teardownUmount);
  }

  private static final List<UpdaterStep> EXPEDITED =
      List.of(LOCK, UMOUNT_TREE, SYNC_RCU_EXPEDITED, MNTPUT_VICTIMS, RETURN);

  /** Today's kernel: expedited grace period in namespace_unlock, batched ipc free, inline exit. */
  public static final Variant MAINLINE =
      new Variant(
          "mainline",
          "fs/namespace.c namespace_unlock: synchronize_rcu_expedited() before the victims'"
              + " mntput (22cb7405fada); ipc/namespace.c: put_ipc_ns batches frees on"
              + " free_ipc_work, create_ipc_ns flushes it and retries at the ucount limit;"
              + " kernel/nsproxy.c: free_nsproxy inline at exit",
          EXPEDITED,
          EXPEDITED,
          EXPEDITED,
          IpcFree.BATCHED,
          true,
          true,
          NsproxyFree.INLINE,
          true,
          true);

  /** 48a066e72d97 (RCU'd vfsmounts, 3.13): plain synchronize_rcu in namespace_unlock. */
  public static final Variant SYNC_RCU_VARIANT =
      MAINLINE.with(
          "sync-rcu",
          "48a066e72d97 (RCU'd vfsmounts, 3.13): plain synchronize_rcu() in namespace_unlock",
          List.of(LOCK, UMOUNT_TREE, SYNC_RCU, MNTPUT_VICTIMS, RETURN),
          List.of(LOCK, UMOUNT_TREE, SYNC_RCU, MNTPUT_VICTIMS, RETURN));

  /** Raised in the 2025 v4 thread: snapshot after umount_tree, cond_synchronize later. */
  public static final Variant POLLED_GP =
      MAINLINE.with(
          "polled-gp",
          "alternative raised in the 2025 v4 thread: get_state_synchronize_rcu after umount_tree,"
              + " cond_synchronize_rcu_expedited in namespace_unlock",
          List.of(LOCK, UMOUNT_TREE, SNAPSHOT_GP, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN),
          List.of(LOCK, UMOUNT_TREE, SNAPSHOT_GP, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN));

  /** The 2023 RFC: call_rcu of the victims' mntput for every umount (NAKed by Al Viro). */
  public static final Variant DEFERRED_2023 =
      MAINLINE.with(
          "deferred-2023",
          "2023 RFC (NAKed): namespace_unlock call_rcu()s a callback that mntputs the victims,"
              + " for every umount",
          List.of(LOCK, UMOUNT_TREE, CALL_RCU_VICTIMS, RETURN),
          List.of(LOCK, UMOUNT_TREE, CALL_RCU_VICTIMS, RETURN));

  /**
   * The 2025 v4 series as posted: do_umount(MNT_DETACH) hands the victims' mntput to
   * queue_rcu_work; umount without MNT_DETACH and the namespace teardown still wait.
   */
  public static final Variant DETACH_DEFERRED_2025 =
      new Variant(
          "detach-deferred-2025",
          "2025 v4 series as posted: namespace_unlock queue_rcu_work()s the victims' mntput for"
              + " umount(MNT_DETACH) only",
          EXPEDITED,
          List.of(LOCK, UMOUNT_TREE, QUEUE_RCU_WORK_VICTIMS, RETURN),
          EXPEDITED,
          IpcFree.BATCHED,
          true,
          true,
          NsproxyFree.INLINE,
          true,
          true);

  /**
   * linux-next commit a6c7a78f1b6b (2025, dropped after LTP's mkfs saw EBUSY): every umount_tree
   * without UMOUNT_SYNC defers the victims' mntput, namespace teardown at exit included.
   */
  public static final Variant NONSYNC_DEFERRED_2025 =
      MAINLINE.with(
          "nonsync-deferred-2025",
          "linux-next a6c7a78f1b6b (dropped): queue_rcu_work() of the victims' mntput for every"
              + " umount without UMOUNT_SYNC, put_mnt_ns at exit included",
          EXPEDITED,
          List.of(LOCK, UMOUNT_TREE, QUEUE_RCU_WORK_VICTIMS, RETURN));

  /** Before the ipc work queue: mq_put_mnt -> kern_unmount -> synchronize_rcu per namespace. */
  public static final Variant IPC_SYNC =
      MAINLINE.withIpc(
          "ipc-sync",
          "before the ipc work queue: put_ipc_ns frees in the caller, kern_unmount's"
              + " synchronize_rcu() per namespace",
          IpcFree.SYNC,
          true);

  /** An alternative discussed on the list: one queue_rcu_work per namespace. */
  public static final Variant IPC_WORK_ITEM =
      MAINLINE.withIpc(
          "ipc-work-item",
          "alternative discussed on the list: queue_rcu_work per ipc namespace; create_ipc_ns"
              + " flushes pending frees",
          IpcFree.WORK_ITEM,
          true);

  /**
   * Linux 5.7 to 6.2: put_ipc_ns hands the namespace to free_ipc_work, which frees each one after
   * its own grace period, and create_ipc_ns does not wait for pending frees, so a loop at the
   * ucount limit fails with ENOSPC (fixed in 6.3 by a80c4adcb574 and da27f796a832).
   */
  public static final Variant IPC_SERIAL_FREE =
      MAINLINE.withIpc(
          "ipc-serial-free",
          "e1eb26fa62d0 (5.7) to 6.2: free_ipc_work frees each queued namespace after its own"
              + " kern_unmount synchronize_rcu(); create_ipc_ns does not flush pending frees",
          IpcFree.SERIAL,
          false);

  /**
   * The 2023 series' first patch alone (a80c4adcb574, "make ipc namespace allocation wait for
   * pending free"), without its second (da27f796a832, "batch free ipc_namespace structures"):
   * create_ipc_ns flushes pending frees at the ucount limit, and free_ipc_work still frees each
   * namespace after its own grace period. No release shipped it; it is the "before" of the series'
   * measurement (100,000 namespaces in 6 min 19 s), and what a loop on 5.7-6.2 that waits out
   * ENOSPC itself costs per namespace.
   */
  public static final Variant IPC_SERIAL_FLUSH =
      MAINLINE.withIpc(
          "ipc-serial-flush",
          "a80c4adcb574 without da27f796a832 (the 2023 series' first patch alone): create_ipc_ns"
              + " flushes pending frees at the ucount limit; free_ipc_work frees each namespace"
              + " after its own kern_unmount synchronize_rcu()",
          IpcFree.SERIAL,
          true);

  /** Batched ipc frees without create_ipc_ns's flush_work-and-retry at the ucount limit. */
  public static final Variant BATCH_WITHOUT_FLUSH =
      MAINLINE.withIpc(
          "batch-without-flush",
          "batched free_ipc_work without the flush_work retry in create_ipc_ns",
          IpcFree.BATCHED,
          false);

  /** The 2012 proposal: nsproxy freed from a work item on exit. */
  public static final Variant NSPROXY_WORK_ITEM =
      new Variant(
          "nsproxy-work-item",
          "2012 proposal: free_nsproxy on a work item at exit",
          EXPEDITED,
          EXPEDITED,
          EXPEDITED,
          IpcFree.BATCHED,
          true,
          true,
          NsproxyFree.WORK_ITEM,
          true,
          true);

  /** Wrong order of the polled variant: snapshot taken before the unlink (hypothetical). */
  public static final Variant SNAPSHOT_BEFORE_UNLINK =
      MAINLINE.with(
          "snapshot-before-unlink",
          "the polled alternative in the wrong order (hypothetical): snapshot before umount_tree"
              + " unhashes",
          List.of(SNAPSHOT_GP, LOCK, UMOUNT_TREE, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN),
          List.of(SNAPSHOT_GP, LOCK, UMOUNT_TREE, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN));

  /** free_ipc without its synchronize_rcu between mnt_make_shortterm and free_ipc_ns. */
  public static final Variant FREE_IPC_WITHOUT_GP =
      MAINLINE.withoutIpcGracePeriod(
          "free-ipc-without-gp",
          "hypothetical: ipc/namespace.c free_ipc without the synchronize_rcu() that lets mntput"
              + " fast paths on the mqueue mounts finish before free_ipc_ns puts them");

  /** kern_unmount without its synchronize_rcu, on the ipc-sync free path. */
  public static final Variant KERN_UNMOUNT_WITHOUT_GP =
      IPC_SYNC.withoutIpcGracePeriod(
          "kern-unmount-without-gp",
          "hypothetical: fs/namespace.c kern_unmount without the synchronize_rcu() between"
              + " mnt_make_shortterm and mntput, on the per-namespace ipc free");

  /**
   * open_by_handle_at's permission check as fs/fhandle.c may_decode_fh had it from 6.10 ("fhandle:
   * relax open_by_handle_at() permission checks") until Linux 7.x moved it into capable_wrt_mount:
   * is_mounted() reads mnt_ns, then mnt_ns is read again and its user_ns dereferenced, with no
   * rcu_read_lock, so neither a umount that clears mnt_ns nor the RCU-delayed free of the namespace
   * waits for it (the 2026 fhandle use-after-free).
   */
  public static final Variant FHANDLE_UNLOCKED_MNT_NS =
      MAINLINE.withNamespaceRules(
          "fhandle-unlocked-mnt-ns",
          "fs/fhandle.c may_decode_fh from 6.10 until capable_wrt_mount (7.x): is_mounted(), then"
              + " mnt_ns->user_ns read again without rcu_read_lock, racing dissolve_on_fput and"
              + " free_mnt_ns",
          true,
          false);

  /** free_mnt_ns dropping the namespace tree's passive reference at once, without call_rcu. */
  public static final Variant MNT_NS_RELEASE_WITHOUT_GP =
      MAINLINE.withNamespaceRules(
          "mnt-ns-release-without-gp",
          "hypothetical: fs/namespace.c mnt_ns_tree_remove calling mnt_ns_release directly instead"
              + " of call_rcu(mnt_ns_release_rcu), so lookup_mnt_ns's unconditional passive"
              + " increment can hit a freed namespace",
          false,
          true);

  /** Every variant, mainline first. */
  public static final List<Variant> ALL =
      List.of(
          MAINLINE,
          SYNC_RCU_VARIANT,
          POLLED_GP,
          DEFERRED_2023,
          DETACH_DEFERRED_2025,
          NONSYNC_DEFERRED_2025,
          IPC_SYNC,
          IPC_WORK_ITEM,
          IPC_SERIAL_FREE,
          IPC_SERIAL_FLUSH,
          BATCH_WITHOUT_FLUSH,
          NSPROXY_WORK_ITEM,
          SNAPSHOT_BEFORE_UNLINK,
          FREE_IPC_WITHOUT_GP,
          KERN_UNMOUNT_WITHOUT_GP,
          FHANDLE_UNLOCKED_MNT_NS,
          MNT_NS_RELEASE_WITHOUT_GP);

  /** The variant with this --variant name. */
  public static Optional<Variant> byName(String name) {
    return ALL.stream().filter(v -> v.name.equals(name)).findFirst();
  }

  /** The umount steps for this kind of umount. */
  public List<UpdaterStep> umount(boolean lazy) {
    return lazy ? lazyUmount : syncUmount;
  }

  /** Other umount steps; the namespace teardown takes the lazy umount's namespace_unlock. */
  private Variant with(
      String newName, String newModels, List<UpdaterStep> sync, List<UpdaterStep> lazy) {
    return new Variant(
        newName,
        newModels,
        sync,
        lazy,
        lazy,
        ipcFree,
        ipcGracePeriod,
        createFlushes,
        nsproxyFree,
        mntNsReleaseAfterGp,
        fhandleCheckUnderRcu);
  }

  private Variant withIpc(String newName, String newModels, IpcFree free, boolean flushes) {
    return new Variant(
        newName,
        newModels,
        syncUmount,
        lazyUmount,
        teardownUmount,
        free,
        true,
        flushes,
        nsproxyFree,
        mntNsReleaseAfterGp,
        fhandleCheckUnderRcu);
  }

  private Variant withoutIpcGracePeriod(String newName, String newModels) {
    return new Variant(
        newName,
        newModels,
        syncUmount,
        lazyUmount,
        teardownUmount,
        ipcFree,
        false,
        createFlushes,
        nsproxyFree,
        mntNsReleaseAfterGp,
        fhandleCheckUnderRcu);
  }

  private Variant withNamespaceRules(
      String newName, String newModels, boolean releaseAfterGp, boolean checkUnderRcu) {
    return new Variant(
        newName,
        newModels,
        syncUmount,
        lazyUmount,
        teardownUmount,
        ipcFree,
        ipcGracePeriod,
        createFlushes,
        nsproxyFree,
        releaseAfterGp,
        checkUnderRcu);
  }
}
