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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One lifetime design, named: the steps umount(2) takes, synchronous and lazy, in order, the steps
 * of the namespace teardown (put_mnt_ns: umount_tree without UMOUNT_SYNC, then namespace_unlock),
 * and the rules of the ipc, nsproxy and mount-namespace frees. Made with {@link #builder} or {@link
 * #toBuilder}; {@link #ALL} is the one registry of designs.
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
 *     READ_ONCE under rcu_read_lock (capable_wrt_mount), not twice without it
 * @param lookupMntNsUnderTreeLock lookup_mnt_ns finds the namespace and takes its passive reference
 *     under read_lock(mnt_ns_tree_lock), which mnt_ns_tree_remove takes for writing (6.12), not
 *     under rcu_read_lock alone (7.2)
 * @param freeMntNsAfterUnlock free_mnt_ns runs after namespace_unlock returned, after its grace
 *     period and the victims' mntput (6.12's put_mnt_ns and dissolve_on_fput), not inside it before
 *     the grace period (7.2)
 * @param nsGet how the nsfs-handle and listns readers get and put a namespace (Linux 7.2's
 *     ns_get_unless_inactive; the ns-get scenario)
 * @param dissolveCheck how dissolve_on_fput checks that its mount is still an anonymous namespace's
 *     root (the anon-ns-move scenario)
 * @param umountUnhashesChildren umount_tree's __umount_mnt takes every child it disconnects out of
 *     the mount hash (hlist_del_init_rcu), not only out of its parent's lists
 * @param expiryUmountSync mark_mounts_for_expiry unmounts with UMOUNT_SYNC, so its victims are
 *     MNT_SYNC_UMOUNT and a racing legitimize_mnt gives its increment back without mntput
 * @param exitTaskWorkLast do_exit tears the namespaces down (exit_nsproxy_namespaces) before
 *     exit_task_work, so the final mntput of the teardown still queues cleanup_mnt to task_work
 * @param superblockActiveCount deactivate_super runs kill_sb only for the last active reference of
 *     the superblock (s_active), so another mount of it keeps it alive (shared-superblock)
 * @param kernUnmountGracePeriod kern_unmount waits for a grace period (synchronize_rcu) between
 *     mnt_make_shortterm and the mntput of the long-term reference (the kern-unmount scenario; the
 *     ipc free's kern_unmount follows {@code ipcGracePeriod})
 */
public record LifetimeDesign(
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
    boolean fhandleCheckUnderRcu,
    boolean lookupMntNsUnderTreeLock,
    boolean freeMntNsAfterUnlock,
    NsGet nsGet,
    DissolveCheck dissolveCheck,
    boolean umountUnhashesChildren,
    boolean kernUnmountGracePeriod,
    boolean expiryUmountSync,
    boolean exitTaskWorkLast,
    boolean superblockActiveCount) {

  public LifetimeDesign {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(models, "models");
    syncUmount = List.copyOf(syncUmount);
    lazyUmount = List.copyOf(lazyUmount);
    teardownUmount = List.copyOf(teardownUmount);
    Objects.requireNonNull(ipcFree, "ipcFree");
    Objects.requireNonNull(nsproxyFree, "nsproxyFree");
    Objects.requireNonNull(nsGet, "nsGet");
    Objects.requireNonNull(dissolveCheck, "dissolveCheck");
  }

  private static final List<UpdaterStep> EXPEDITED =
      List.of(LOCK, UMOUNT_TREE, SYNC_RCU_EXPEDITED, MNTPUT_VICTIMS, RETURN);

  /**
   * Today's kernel (7.2): expedited grace period in namespace_unlock, batched ipc free, inline
   * exit, the namespace tree's passive reference dropped by call_rcu, capable_wrt_mount.
   */
  public static final LifetimeDesign MAINLINE =
      builder()
          .name("mainline")
          .models(
              "fs/namespace.c namespace_unlock: synchronize_rcu_expedited() before the victims'"
                  + " mntput (22cb7405fada); ipc/namespace.c: put_ipc_ns batches frees on"
                  + " free_ipc_work, create_ipc_ns flushes it and retries at the ucount limit;"
                  + " kernel/nsproxy.c: free_nsproxy inline at exit")
          .umount(EXPEDITED)
          .ipcFree(IpcFree.BATCHED)
          .ipcGracePeriod(true)
          .createFlushes(true)
          .nsproxyFree(NsproxyFree.INLINE)
          .mntNsReleaseAfterGp(true)
          .fhandleCheckUnderRcu(true)
          .build();

  /**
   * Linux 6.12 (read against Debian's linux-source-6.12, 6.12.117): mainline's umount and ipc
   * rules, but the mount-namespace tree as 6.12 had it: lookup_mnt_ns under
   * read_lock(mnt_ns_tree_lock), mnt_ns_tree_remove under the write lock, then mnt_ns_release at
   * once (no call_rcu), and put_mnt_ns (drop_collected_mounts) and dissolve_on_fput call
   * free_mnt_ns after namespace_unlock. capable_wrt_mount is in 6.12.117 too.
   */
  public static final LifetimeDesign LINUX_6_12 =
      MAINLINE.toBuilder()
          .name("linux-6.12")
          .models(
              "Linux 6.12 (6.12.117): fs/namespace.c lookup_mnt_ns under"
                  + " read_lock(mnt_ns_tree_lock), mnt_ns_tree_remove under the write lock and"
                  + " mnt_ns_release at once; free_mnt_ns after namespace_unlock (put_mnt_ns,"
                  + " dissolve_on_fput); fs/fhandle.c capable_wrt_mount")
          .mntNsReleaseAfterGp(false)
          .lookupMntNsUnderTreeLock(true)
          .freeMntNsAfterUnlock(true)
          // nsfs file handles came in 6.18, listns in 6.19: 6.12 has no ns-get readers
          .nsGet(NsGet.NONE)
          // 6.12's dissolve_on_fput reads mnt_ns under namespace_sem and lock_mount_hash only
          .dissolveCheck(DissolveCheck.LOCKED)
          .build();

  /** 48a066e72d97 (RCU'd vfsmounts, 3.13): plain synchronize_rcu in namespace_unlock. */
  public static final LifetimeDesign SYNC_RCU_DESIGN =
      MAINLINE.toBuilder()
          .name("sync-rcu")
          .models(
              "48a066e72d97 (RCU'd vfsmounts, 3.13): plain synchronize_rcu() in namespace_unlock")
          .umount(List.of(LOCK, UMOUNT_TREE, SYNC_RCU, MNTPUT_VICTIMS, RETURN))
          .build();

  /** Raised in the 2025 v4 thread: snapshot after umount_tree, cond_synchronize later. */
  public static final LifetimeDesign POLLED_GP =
      MAINLINE.toBuilder()
          .name("polled-gp")
          .models(
              "alternative raised in the 2025 v4 thread: get_state_synchronize_rcu after"
                  + " umount_tree, cond_synchronize_rcu_expedited in namespace_unlock")
          .umount(List.of(LOCK, UMOUNT_TREE, SNAPSHOT_GP, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN))
          .build();

  /** The 2023 RFC: call_rcu of the victims' mntput for every umount (NAKed by Al Viro). */
  public static final LifetimeDesign DEFERRED_2023 =
      MAINLINE.toBuilder()
          .name("deferred-2023")
          .models(
              "2023 RFC (NAKed): namespace_unlock call_rcu()s a callback that mntputs the victims,"
                  + " for every umount")
          .umount(List.of(LOCK, UMOUNT_TREE, CALL_RCU_VICTIMS, RETURN))
          .build();

  /**
   * The 2025 v4 series as posted: do_umount(MNT_DETACH) hands the victims' mntput to
   * queue_rcu_work; umount without MNT_DETACH and the namespace teardown still wait.
   */
  public static final LifetimeDesign DETACH_DEFERRED_2025 =
      MAINLINE.toBuilder()
          .name("detach-deferred-2025")
          .models(
              "2025 v4 series as posted: namespace_unlock queue_rcu_work()s the victims' mntput"
                  + " for umount(MNT_DETACH) only")
          .lazyUmount(List.of(LOCK, UMOUNT_TREE, QUEUE_RCU_WORK_VICTIMS, RETURN))
          .build();

  /**
   * linux-next commit a6c7a78f1b6b (2025, dropped after LTP's mkfs saw EBUSY): every umount_tree
   * without UMOUNT_SYNC defers the victims' mntput, namespace teardown at exit included.
   */
  public static final LifetimeDesign NONSYNC_DEFERRED_2025 =
      MAINLINE.toBuilder()
          .name("nonsync-deferred-2025")
          .models(
              "linux-next a6c7a78f1b6b (dropped): queue_rcu_work() of the victims' mntput for"
                  + " every umount without UMOUNT_SYNC, put_mnt_ns at exit included")
          .lazyUmount(List.of(LOCK, UMOUNT_TREE, QUEUE_RCU_WORK_VICTIMS, RETURN))
          .teardownUmount(List.of(LOCK, UMOUNT_TREE, QUEUE_RCU_WORK_VICTIMS, RETURN))
          .build();

  /** Before the ipc work queue: mq_put_mnt -> kern_unmount -> synchronize_rcu per namespace. */
  public static final LifetimeDesign IPC_SYNC =
      MAINLINE.toBuilder()
          .name("ipc-sync")
          .models(
              "before the ipc work queue: put_ipc_ns frees in the caller, kern_unmount's"
                  + " synchronize_rcu() per namespace")
          .ipcFree(IpcFree.SYNC)
          .build();

  /** An alternative discussed on the list: one queue_rcu_work per namespace. */
  public static final LifetimeDesign IPC_WORK_ITEM =
      MAINLINE.toBuilder()
          .name("ipc-work-item")
          .models(
              "alternative discussed on the list: queue_rcu_work per ipc namespace; create_ipc_ns"
                  + " flushes pending frees")
          .ipcFree(IpcFree.WORK_ITEM)
          .build();

  /**
   * Linux 5.7 to 6.2: put_ipc_ns hands the namespace to free_ipc_work, which frees each one after
   * its own grace period, and create_ipc_ns does not wait for pending frees, so a loop at the
   * ucount limit fails with ENOSPC (fixed in 6.3 by a80c4adcb574 and da27f796a832).
   */
  public static final LifetimeDesign IPC_SERIAL_FREE =
      MAINLINE.toBuilder()
          .name("ipc-serial-free")
          .models(
              "e1eb26fa62d0 (5.7) to 6.2: free_ipc_work frees each queued namespace after its own"
                  + " kern_unmount synchronize_rcu(); create_ipc_ns does not flush pending frees")
          .ipcFree(IpcFree.SERIAL)
          .createFlushes(false)
          .build();

  /**
   * The 2023 series' first patch alone (a80c4adcb574, "make ipc namespace allocation wait for
   * pending free"), without its second (da27f796a832, "batch free ipc_namespace structures"):
   * create_ipc_ns flushes pending frees at the ucount limit, and free_ipc_work still frees each
   * namespace after its own grace period. No release shipped it; it is the "before" of the series'
   * measurement (100,000 namespaces in 6 min 19 s), and what a loop on 5.7-6.2 that waits out
   * ENOSPC itself costs per namespace.
   */
  public static final LifetimeDesign IPC_SERIAL_FLUSH =
      MAINLINE.toBuilder()
          .name("ipc-serial-flush")
          .models(
              "a80c4adcb574 without da27f796a832 (the 2023 series' first patch alone):"
                  + " create_ipc_ns flushes pending frees at the ucount limit; free_ipc_work frees"
                  + " each namespace after its own kern_unmount synchronize_rcu()")
          .ipcFree(IpcFree.SERIAL)
          .build();

  /** Batched ipc frees without create_ipc_ns's flush_work-and-retry at the ucount limit. */
  public static final LifetimeDesign BATCH_WITHOUT_FLUSH =
      MAINLINE.toBuilder()
          .name("batch-without-flush")
          .models("batched free_ipc_work without the flush_work retry in create_ipc_ns")
          .createFlushes(false)
          .build();

  /** The 2012 proposal: nsproxy freed from a work item on exit. */
  public static final LifetimeDesign NSPROXY_WORK_ITEM =
      MAINLINE.toBuilder()
          .name("nsproxy-work-item")
          .models("2012 proposal: free_nsproxy on a work item at exit")
          .nsproxyFree(NsproxyFree.WORK_ITEM)
          .build();

  /** Wrong order of the polled design: snapshot taken before the unlink (hypothetical). */
  public static final LifetimeDesign SNAPSHOT_BEFORE_UNLINK =
      MAINLINE.toBuilder()
          .name("snapshot-before-unlink")
          .models(
              "the polled alternative in the wrong order (hypothetical): snapshot before"
                  + " umount_tree unhashes")
          .umount(List.of(SNAPSHOT_GP, LOCK, UMOUNT_TREE, COND_SYNC_RCU, MNTPUT_VICTIMS, RETURN))
          .build();

  /** free_ipc without its synchronize_rcu between mnt_make_shortterm and free_ipc_ns. */
  public static final LifetimeDesign FREE_IPC_WITHOUT_GP =
      MAINLINE.toBuilder()
          .name("free-ipc-without-gp")
          .models(
              "hypothetical: ipc/namespace.c free_ipc without the synchronize_rcu() that lets"
                  + " mntput fast paths on the mqueue mounts finish before free_ipc_ns puts them")
          .ipcGracePeriod(false)
          .build();

  /**
   * kern_unmount without its synchronize_rcu, on the ipc-sync free path and for any other
   * kern_mount'd mount (the kern-unmount scenario).
   */
  public static final LifetimeDesign KERN_UNMOUNT_WITHOUT_GP =
      IPC_SYNC.toBuilder()
          .name("kern-unmount-without-gp")
          .models(
              "hypothetical: fs/namespace.c kern_unmount without the synchronize_rcu() between"
                  + " mnt_make_shortterm and mntput, on the per-namespace ipc free")
          .ipcGracePeriod(false)
          .kernUnmountGracePeriod(false)
          .build();

  /**
   * kern_unmount of a kern_mount'd (MNT_INTERNAL) mount without its synchronize_rcu, the ipc free
   * left as mainline has it: the mntput of the long-term reference, whose final put runs
   * cleanup_mnt inline, no longer waits for the fast paths of holders that saw mnt_ns set.
   */
  public static final LifetimeDesign INTERNAL_PUT_WITHOUT_GP =
      MAINLINE.toBuilder()
          .name("internal-put-without-gp")
          .models(
              "hypothetical: fs/namespace.c kern_unmount of an MNT_INTERNAL mount (a module's or"
                  + " subsystem's kern_mount) calling mntput right after mnt_make_shortterm,"
                  + " without synchronize_rcu, while files on the mount are closed")
          .kernUnmountGracePeriod(false)
          .build();

  /**
   * open_by_handle_at's permission check as fs/fhandle.c may_decode_fh had it from 6.10 ("fhandle:
   * relax open_by_handle_at() permission checks") until capable_wrt_mount replaced it (in 7.x, and
   * backported to 6.12.y): is_mounted() reads mnt_ns, then mnt_ns is read again and its user_ns
   * dereferenced, with no rcu_read_lock, so neither a umount that clears mnt_ns nor the RCU-delayed
   * free of the namespace waits for it (the 2026 fhandle use-after-free).
   */
  public static final LifetimeDesign FHANDLE_UNLOCKED_MNT_NS =
      MAINLINE.toBuilder()
          .name("fhandle-unlocked-mnt-ns")
          .models(
              "fs/fhandle.c may_decode_fh from 6.10 until capable_wrt_mount: is_mounted(), then"
                  + " mnt_ns->user_ns read again without rcu_read_lock, racing dissolve_on_fput and"
                  + " free_mnt_ns")
          .fhandleCheckUnderRcu(false)
          .build();

  /** free_mnt_ns dropping the namespace tree's passive reference at once, without call_rcu. */
  public static final LifetimeDesign MNT_NS_RELEASE_WITHOUT_GP =
      MAINLINE.toBuilder()
          .name("mnt-ns-release-without-gp")
          .models(
              "fs/namespace.c mnt_ns_tree_remove calling mnt_ns_release directly instead of"
                  + " call_rcu(mnt_ns_release_rcu), while lookup_mnt_ns still takes its"
                  + " unconditional passive increment under rcu_read_lock alone (7.2's lookup);"
                  + " 6.12 drops the reference at once too, but its lookup runs under"
                  + " mnt_ns_tree_lock")
          .mntNsReleaseAfterGp(false)
          .build();

  /**
   * nsfs_fh_to_dentry and listns's lookup and ns_get_unless_inactive outside any read-side section:
   * the namespace found in the tree can be freed before its counts are read.
   */
  public static final LifetimeDesign NS_GET_WITHOUT_RCU =
      MAINLINE.toBuilder()
          .name("ns-get-without-rcu")
          .models(
              "hypothetical: fs/nsfs.c nsfs_fh_to_dentry and kernel/nstree.c do_listns looking the"
                  + " namespace up and calling ns_get_unless_inactive without rcu_read_lock")
          .nsGet(NsGet.WITHOUT_RCU)
          .build();

  /**
   * ns_get_unless_inactive with an unconditional refcount_inc after the active-user check: the last
   * reference can go between the two.
   */
  public static final LifetimeDesign NS_GET_UNCONDITIONAL_INC =
      MAINLINE.toBuilder()
          .name("ns-get-unconditional-inc")
          .models(
              "hypothetical: include/linux/ns_common.h ns_get_unless_inactive taking the reference"
                  + " with refcount_inc instead of __ns_ref_get's refcount_inc_not_zero")
          .nsGet(NsGet.UNCONDITIONAL_INC)
          .build();

  /** listns dropping its reference before rcu_read_unlock: the last put sleeps in the section. */
  public static final LifetimeDesign LISTNS_PUT_UNDER_RCU =
      MAINLINE.toBuilder()
          .name("listns-put-under-rcu")
          .models(
              "hypothetical: kernel/nstree.c do_listns calling ns_put before rcu_read_unlock;"
                  + " the last put runs put_mnt_ns, whose down_write(namespace_sem) may sleep")
          .nsGet(NsGet.PUT_UNDER_RCU)
          .build();

  /**
   * dissolve_on_fput's lockless anon_ns_root check outside any read-side section: a move_mount that
   * empties the anonymous namespace frees it (free_mnt_ns, call_rcu) while the check still holds
   * the pointer.
   */
  public static final LifetimeDesign DISSOLVE_CHECK_WITHOUT_RCU =
      MAINLINE.toBuilder()
          .name("dissolve-check-without-rcu")
          .models(
              "hypothetical: fs/namespace.c dissolve_on_fput calling anon_ns_root without"
                  + " rcu_read_lock, racing a move_mount that empties the anonymous namespace and"
                  + " free_mnt_ns")
          .dissolveCheck(DissolveCheck.WITHOUT_RCU)
          .build();

  /**
   * umount_tree disconnecting the children of the unmounted mount without taking them out of the
   * mount hash: a walker whose working directory is inside the lazily detached parent still finds a
   * child after namespace_unlock dropped its last reference.
   */
  public static final LifetimeDesign UMOUNT_CHILD_LEFT_HASHED =
      MAINLINE.toBuilder()
          .name("umount-child-left-hashed")
          .models(
              "hypothetical: fs/namespace.c __umount_mnt without hlist_del_init_rcu(&mnt->mnt_hash)"
                  + " for the children umount_tree disconnects, so a walker inside the lazily"
                  + " detached parent still looks them up")
          .umountUnhashesChildren(false)
          .build();

  /**
   * mark_mounts_for_expiry calling umount_tree without UMOUNT_SYNC: a walker that raised the count
   * just after the busy check fails its recheck on a mount without MNT_SYNC_UMOUNT, and its -1
   * path's mntput, after rcu_read_unlock, may be the final one.
   */
  public static final LifetimeDesign EXPIRY_WITHOUT_UMOUNT_SYNC =
      MAINLINE.toBuilder()
          .name("expiry-without-umount-sync")
          .models(
              "hypothetical: fs/namespace.c mark_mounts_for_expiry calling umount_tree(mnt,"
                  + " UMOUNT_PROPAGATE) without UMOUNT_SYNC, so a racing legitimize_mnt puts its"
                  + " increment with mntput and may take the automount's final reference")
          .expiryUmountSync(false)
          .build();

  /**
   * do_exit calling exit_task_work before exit_nsproxy_namespaces: the namespace teardown's final
   * mntput finds task_work closed (task_work_add: -ESRCH) and falls back to delayed_mntput_work, so
   * the parent can reap the task before the namespace's mounts are cleaned up.
   */
  public static final LifetimeDesign EXIT_TASK_WORK_FIRST =
      MAINLINE.toBuilder()
          .name("exit-task-work-first")
          .models(
              "hypothetical: kernel/exit.c do_exit calling exit_task_work before"
                  + " exit_nsproxy_namespaces, so put_mnt_ns's final mntput falls back to"
                  + " delayed_mntput_work")
          .exitTaskWorkLast(false)
          .build();

  /**
   * deactivate_super running kill_sb whatever s_active says: the cleanup_mnt of one mount shuts the
   * superblock down under another mount of it that is still mounted and walked into.
   */
  public static final LifetimeDesign KILL_SB_WITHOUT_ACTIVE_COUNT =
      MAINLINE.toBuilder()
          .name("kill-sb-without-active-count")
          .models(
              "hypothetical: fs/super.c deactivate_super calling kill_sb at every cleanup_mnt,"
                  + " without the s_active count that another mount of the superblock holds")
          .superblockActiveCount(false)
          .build();

  /** Every design, mainline first: the one registry ({@code --variant}, KnownBugVariants). */
  public static final List<LifetimeDesign> ALL =
      List.of(
          MAINLINE,
          LINUX_6_12,
          SYNC_RCU_DESIGN,
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
          MNT_NS_RELEASE_WITHOUT_GP,
          NS_GET_WITHOUT_RCU,
          NS_GET_UNCONDITIONAL_INC,
          LISTNS_PUT_UNDER_RCU,
          DISSOLVE_CHECK_WITHOUT_RCU,
          UMOUNT_CHILD_LEFT_HASHED,
          INTERNAL_PUT_WITHOUT_GP,
          EXPIRY_WITHOUT_UMOUNT_SYNC,
          EXIT_TASK_WORK_FIRST,
          KILL_SB_WITHOUT_ACTIVE_COUNT);

  /** The design with this --variant name. */
  public static Optional<LifetimeDesign> byName(String name) {
    return ALL.stream().filter(v -> v.name.equals(name)).findFirst();
  }

  /** The umount steps for this kind of umount. */
  public List<UpdaterStep> umount(boolean lazy) {
    return lazy ? lazyUmount : syncUmount;
  }

  /**
   * The rules of this design that a setup consults, given the steps its tasks take and the kinds of
   * its lockless namespace readers; the rest (null) do not change its transition system. A new rule
   * lists itself here with what consults it, so sharing explorations ({@link Setup#behaviour()})
   * needs no other edit.
   */
  public List<Object> rulesConsulted(Set<UpdaterStep> steps, Set<NsReaderKind> readers) {
    boolean putsIpc =
        steps.contains(UpdaterStep.PUT_IPC_QUEUE)
            || steps.contains(UpdaterStep.PUT_IPC_RCU_WORK)
            || steps.contains(UpdaterStep.PUT_IPC_SYNC)
            || steps.contains(UpdaterStep.FREE_IPC_SYNC);
    boolean createsIpc =
        steps.contains(UpdaterStep.CREATE_IPC) || steps.contains(UpdaterStep.FLUSH_RETRY);
    List<Object> out = new ArrayList<>();
    out.add(putsIpc ? ipcGracePeriod : null);
    out.add(putsIpc ? ipcFree : null);
    out.add(createsIpc ? createFlushes : null);
    // free_mnt_ns runs in its own step, or in the last namespace put of an nsfs close or of a
    // reader that got the namespace with ns_get_unless_inactive (NsRefPut)
    boolean getsUnlessInactive = readers.stream().anyMatch(NsReaderKind::getsUnlessInactive);
    boolean freesMntNs =
        steps.contains(UpdaterStep.FREE_MNT_NS)
            || steps.contains(UpdaterStep.NSFS_REF_PUT)
            || getsUnlessInactive;
    out.add(freesMntNs ? mntNsReleaseAfterGp : null);
    out.add(readers.contains(NsReaderKind.FHANDLE) ? fhandleCheckUnderRcu : null);
    out.add(
        readers.contains(NsReaderKind.LISTMOUNT) || freesMntNs ? lookupMntNsUnderTreeLock : null);
    out.add(freesMntNs ? freeMntNsAfterUnlock : null);
    out.add(getsUnlessInactive ? nsGet : null);
    out.add(steps.contains(UpdaterStep.DISSOLVE_READ_NS) ? dissolveCheck : null);
    out.add(steps.contains(UpdaterStep.UMOUNT_TREE) ? umountUnhashesChildren : null);
    // the plan already shows it (Plans.kernUnmount leaves the wait out); named for completeness
    out.add(steps.contains(UpdaterStep.KERN_UNMOUNT_SHORTTERM) ? kernUnmountGracePeriod : null);
    out.add(steps.contains(UpdaterStep.EXPIRE_DONE) ? expiryUmountSync : null);
    out.add(steps.contains(UpdaterStep.EXIT_TASK_WORK) ? exitTaskWorkLast : null);
    return out;
  }

  /** Whether the scenario's tasks exist in the kernel this design models. */
  public boolean has(RcuScenario scenario) {
    return scenario != RcuScenario.NS_GET || nsGet != NsGet.NONE;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this design's fields, to make a design that differs in a few. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.name = name;
    b.models = models;
    b.syncUmount = syncUmount;
    b.lazyUmount = lazyUmount;
    b.teardownUmount = teardownUmount;
    b.ipcFree = ipcFree;
    b.ipcGracePeriod = ipcGracePeriod;
    b.createFlushes = createFlushes;
    b.nsproxyFree = nsproxyFree;
    b.mntNsReleaseAfterGp = mntNsReleaseAfterGp;
    b.fhandleCheckUnderRcu = fhandleCheckUnderRcu;
    b.lookupMntNsUnderTreeLock = lookupMntNsUnderTreeLock;
    b.freeMntNsAfterUnlock = freeMntNsAfterUnlock;
    b.nsGet = nsGet;
    b.dissolveCheck = dissolveCheck;
    b.umountUnhashesChildren = umountUnhashesChildren;
    b.kernUnmountGracePeriod = kernUnmountGracePeriod;
    b.expiryUmountSync = expiryUmountSync;
    b.exitTaskWorkLast = exitTaskWorkLast;
    b.superblockActiveCount = superblockActiveCount;
    return b;
  }

  /** Builds a {@link LifetimeDesign}; each setter names the field it sets. */
  public static final class Builder {
    private String name;
    private String models;
    private List<UpdaterStep> syncUmount = List.of();
    private List<UpdaterStep> lazyUmount = List.of();
    private List<UpdaterStep> teardownUmount = List.of();
    private IpcFree ipcFree;
    private boolean ipcGracePeriod;
    private boolean createFlushes;
    private NsproxyFree nsproxyFree;
    private boolean mntNsReleaseAfterGp;
    private boolean fhandleCheckUnderRcu;
    private boolean lookupMntNsUnderTreeLock;
    private boolean freeMntNsAfterUnlock;
    private NsGet nsGet = NsGet.UNLESS_INACTIVE_UNDER_RCU;
    private DissolveCheck dissolveCheck = DissolveCheck.UNDER_RCU;
    private boolean umountUnhashesChildren = true;
    private boolean kernUnmountGracePeriod = true;
    private boolean expiryUmountSync = true;
    private boolean exitTaskWorkLast = true;
    private boolean superblockActiveCount = true;

    private Builder() {}

    public Builder name(String v) {
      name = v;
      return this;
    }

    public Builder models(String v) {
      models = v;
      return this;
    }

    /** The same namespace_unlock for every umount: sync, lazy and the namespace teardown. */
    public Builder umount(List<UpdaterStep> v) {
      syncUmount = v;
      lazyUmount = v;
      teardownUmount = v;
      return this;
    }

    public Builder syncUmount(List<UpdaterStep> v) {
      syncUmount = v;
      return this;
    }

    public Builder lazyUmount(List<UpdaterStep> v) {
      lazyUmount = v;
      return this;
    }

    public Builder teardownUmount(List<UpdaterStep> v) {
      teardownUmount = v;
      return this;
    }

    public Builder ipcFree(IpcFree v) {
      ipcFree = v;
      return this;
    }

    public Builder ipcGracePeriod(boolean v) {
      ipcGracePeriod = v;
      return this;
    }

    public Builder createFlushes(boolean v) {
      createFlushes = v;
      return this;
    }

    public Builder nsproxyFree(NsproxyFree v) {
      nsproxyFree = v;
      return this;
    }

    public Builder mntNsReleaseAfterGp(boolean v) {
      mntNsReleaseAfterGp = v;
      return this;
    }

    public Builder fhandleCheckUnderRcu(boolean v) {
      fhandleCheckUnderRcu = v;
      return this;
    }

    public Builder lookupMntNsUnderTreeLock(boolean v) {
      lookupMntNsUnderTreeLock = v;
      return this;
    }

    public Builder freeMntNsAfterUnlock(boolean v) {
      freeMntNsAfterUnlock = v;
      return this;
    }

    public Builder nsGet(NsGet v) {
      nsGet = v;
      return this;
    }

    public Builder dissolveCheck(DissolveCheck v) {
      dissolveCheck = v;
      return this;
    }

    public Builder umountUnhashesChildren(boolean v) {
      umountUnhashesChildren = v;
      return this;
    }

    public Builder kernUnmountGracePeriod(boolean v) {
      kernUnmountGracePeriod = v;
      return this;
    }

    public Builder expiryUmountSync(boolean v) {
      expiryUmountSync = v;
      return this;
    }

    public Builder exitTaskWorkLast(boolean v) {
      exitTaskWorkLast = v;
      return this;
    }

    public Builder superblockActiveCount(boolean v) {
      superblockActiveCount = v;
      return this;
    }

    public LifetimeDesign build() {
      return new LifetimeDesign(
          name,
          models,
          syncUmount,
          lazyUmount,
          teardownUmount,
          ipcFree,
          ipcGracePeriod,
          createFlushes,
          nsproxyFree,
          mntNsReleaseAfterGp,
          fhandleCheckUnderRcu,
          lookupMntNsUnderTreeLock,
          freeMntNsAfterUnlock,
          nsGet,
          dissolveCheck,
          umountUnhashesChildren,
          kernUnmountGracePeriod,
          expiryUmountSync,
          exitTaskWorkLast,
          superblockActiveCount);
    }
  }
}
