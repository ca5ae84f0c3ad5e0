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
 * One updater design: the steps umount(2) takes, synchronous and lazy, in order, and how ipc
 * namespaces and nsproxies are freed. The namespace teardown at exit (put_mnt_ns, umount_tree with
 * no UMOUNT_SYNC) uses the lazy sequence, as the 2025 v4 patch "fs/namespace: defer RCU sync for
 * MNT_DETACH umount" (2025-04-08) did.
 *
 * @param name the --variant name
 * @param models the commit or mailing-list proposal it models (commit id, or title and date of a
 *     mailing-list patch)
 * @param syncUmount steps of umount(2) without MNT_DETACH
 * @param lazyUmount steps of umount(2) with MNT_DETACH
 * @param ipcFree how put_ipc_ns frees a namespace
 * @param createFlushes whether create_ipc_ns flushes pending frees and retries at the ucount limit
 * @param nsproxyFree where the last nsproxy put tears down the namespaces
 */
public record Variant(
    String name,
    String models,
    List<UpdaterStep> syncUmount,
    List<UpdaterStep> lazyUmount,
    IpcFree ipcFree,
    boolean createFlushes,
    NsproxyFree nsproxyFree) {

  public Variant {
    syncUmount = List.copyOf(syncUmount);
    lazyUmount = List.copyOf(lazyUmount);
  }

  private static final List<UpdaterStep> EXPEDITED =
      List.of(LOCK, UMOUNT_TREE, SYNC_RCU_EXPEDITED, MNTPUT_VICTIMS, RETURN);

  /** 6.18 namespace_unlock (expedited since 22cb7405fada), batched ipc frees, inline. */
  public static final Variant MAINLINE =
      new Variant(
          "mainline",
          "6.18 namespace_unlock: synchronize_rcu_expedited (22cb7405fada); batched"
              + " free_ipc_work with the flush in create_ipc_ns (2023); free_nsproxy frees inline",
          EXPEDITED,
          EXPEDITED,
          IpcFree.BATCHED,
          true,
          NsproxyFree.INLINE);

  /** 4.15-era, commit 48a066e72d97: plain synchronize_rcu in namespace_unlock. */
  public static final Variant SYNC_RCU_VARIANT =
      MAINLINE.with(
          "sync-rcu",
          "4.15-era, commit 48a066e72d97: plain synchronize_rcu() in namespace_unlock",
          List.of(LOCK, UMOUNT_TREE, SYNC_RCU, MNTPUT_VICTIMS, RETURN),
          List.of(LOCK, UMOUNT_TREE, SYNC_RCU, MNTPUT_VICTIMS, RETURN));

  /** 2025 v4 thread (2025-04-18): snapshot at the end of umount_tree, cond_synchronize later. */
  public static final Variant POLLED_GP =
      MAINLINE.with(
          "polled-gp",
          "2025 v4 thread alternative (2025-04-18): get_state_synchronize_rcu after umount_tree,"
              + " cond_synchronize_rcu_expedited in namespace_unlock",
          List.of(LOCK, UMOUNT_TREE, SNAPSHOT_GP, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN),
          List.of(LOCK, UMOUNT_TREE, SNAPSHOT_GP, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN));

  /** 2023 RFC: call_rcu of the victims' mntput for every umount (NAKed). */
  public static final Variant DEFERRED_2023 =
      MAINLINE.with(
          "deferred-2023",
          "2023 RFC (NAKed): namespace_unlock call_rcu()s a callback that mntputs the victims",
          List.of(LOCK, UMOUNT_TREE, CALL_RCU_VICTIMS, RETURN),
          List.of(LOCK, UMOUNT_TREE, CALL_RCU_VICTIMS, RETURN));

  /** 2025 v4 patch (linux-next a6c7a78f1b6b97, dropped): queue_rcu_work for MNT_DETACH only. */
  public static final Variant DETACH_DEFERRED_2025 =
      MAINLINE.with(
          "detach-deferred-2025",
          "2025 v4 patch (a6c7a78f1b6b97 in linux-next, LTP mkfs EBUSY): queue_rcu_work"
              + " for MNT_DETACH",
          EXPEDITED,
          List.of(LOCK, UMOUNT_TREE, QUEUE_RCU_WORK_VICTIMS, RETURN));

  /** Before 2023: mq_put_mnt -> kern_unmount -> synchronize_rcu for every namespace. */
  public static final Variant IPC_SYNC =
      MAINLINE.withIpc(
          "ipc-sync",
          "before 2023: put_ipc_ns frees in the caller, kern_unmount's synchronize_rcu per"
              + " namespace",
          IpcFree.SYNC,
          true);

  /** An alternative discussed with the ipc batching (docs/semantics.md §4.4): one work item each. */
  public static final Variant IPC_WORK_ITEM =
      MAINLINE.withIpc(
          "ipc-work-item",
          "ipc batching thread alternative: queue_rcu_work per ipc namespace; create flushes pending"
              + " frees",
          IpcFree.WORK_ITEM,
          true);

  /** 2023 ipc batching without create_ipc_ns's flush_work-and-retry at the ucount limit. */
  public static final Variant BATCH_WITHOUT_FLUSH =
      MAINLINE.withIpc(
          "batch-without-flush",
          "2023 ipc batch free without the flush_work retry in create_ipc_ns",
          IpcFree.BATCHED,
          false);

  /** The 2012 proposal: nsproxy freed from a work item on exit. */
  public static final Variant NSPROXY_WORK_ITEM =
      new Variant(
          "nsproxy-work-item",
          "2012 proposal (docs/semantics.md §4.4): free_nsproxy on a work item at exit",
          EXPEDITED,
          EXPEDITED,
          IpcFree.BATCHED,
          true,
          NsproxyFree.WORK_ITEM);

  /** Wrong order of the polled variant: snapshot taken before the unlink (hypothetical). */
  public static final Variant SNAPSHOT_BEFORE_UNLINK =
      MAINLINE.with(
          "snapshot-before-unlink",
          "2025 v4 polled alternative in the wrong order: snapshot before umount_tree unhashes",
          List.of(SNAPSHOT_GP, LOCK, UMOUNT_TREE, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN),
          List.of(SNAPSHOT_GP, LOCK, UMOUNT_TREE, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN));

  /** Every variant, mainline first, in the order of issue 5. */
  public static final List<Variant> ALL =
      List.of(
          MAINLINE,
          SYNC_RCU_VARIANT,
          POLLED_GP,
          DEFERRED_2023,
          DETACH_DEFERRED_2025,
          IPC_SYNC,
          IPC_WORK_ITEM,
          BATCH_WITHOUT_FLUSH,
          NSPROXY_WORK_ITEM,
          SNAPSHOT_BEFORE_UNLINK);

  /** The variant with this --variant name. */
  public static Optional<Variant> byName(String name) {
    return ALL.stream().filter(v -> v.name.equals(name)).findFirst();
  }

  /** The umount steps for this kind of umount. */
  public List<UpdaterStep> umount(boolean lazy) {
    return lazy ? lazyUmount : syncUmount;
  }

  private Variant with(
      String newName, String newModels, List<UpdaterStep> sync, List<UpdaterStep> lazy) {
    return new Variant(newName, newModels, sync, lazy, ipcFree, createFlushes, nsproxyFree);
  }

  private Variant withIpc(String newName, String newModels, IpcFree free, boolean flushes) {
    return new Variant(newName, newModels, syncUmount, lazyUmount, free, flushes, nsproxyFree);
  }
}
