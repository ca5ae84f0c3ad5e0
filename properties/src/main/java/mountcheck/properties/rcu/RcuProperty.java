package mountcheck.properties.rcu;

import java.util.List;
import java.util.Optional;
import mountcheck.model.rcu.NsReader;
import mountcheck.model.rcu.NsReaderPhase;
import mountcheck.model.rcu.OpResult;
import mountcheck.model.rcu.RcuEvent;
import mountcheck.model.rcu.RcuMount;
import mountcheck.model.rcu.RcuNamespace;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.ReaderPhase;
import mountcheck.model.rcu.Transition;

/**
 * The safety properties of the lifetime model (docs/semantics.md §4.6), each with its one-line
 * statement. A property is violated by a transition (what it did) or, for {@link
 * #TEARDOWN_COMPLETES}, by a state with no successors.
 */
public enum RcuProperty {
  NO_USE_AFTER_FREE(
      "no-use-after-free",
      "No RCU reader touches a mount whose memory was freed or whose filesystem was shut down"
          + " (cleanup_mnt released it) while it still holds the pointer it looked up."),
  SYNC_UMOUNT_COMPLETE(
      "sync-umount-complete",
      "A umount without MNT_DETACH that returns 0 with no other users has shut the superblock down"
          + " before the task returns to user space."),
  KERN_UNMOUNT_COMPLETE(
      "kern-unmount-complete",
      "kern_unmount of a kernel-internal mount (kern_mount, MNT_INTERNAL) with no file left open on"
          + " it has shut the superblock down before it returns: its final mntput runs cleanup_mnt"
          + " inline, not through task_work, and only after a grace period, so no fast-path mntput"
          + " that saw mnt_ns set still holds a reference."),
  EXPIRY_CLEANUP_IN_KWORKERS(
      "expiry-cleanup-in-kworkers",
      "A mount that expiry unmounts (mark_mounts_for_expiry in a kworker, no user-space caller) is"
          + " cleaned up by kernel workers: when the expiring work has finished namespace_unlock,"
          + " its mntput has dropped the final reference, so cleanup_mnt has run or waits on"
          + " delayed_mntput_work; no racing path lookup takes the final reference into its own"
          + " task_work (UMOUNT_SYNC: legitimize_mnt gives an increment on an MNT_SYNC_UMOUNT"
          + " mount back without mntput)."),
  CLEANUP_BEFORE_RETURN(
      "cleanup-before-return",
      "Mainline guarantee: any umount, even umount -l, the namespace teardown of an exiting"
          + " task, and the close of a file that tears a namespace down (the last nsfs file, an"
          + " open_tree file) has finished cleanup_mnt before the task returns to user space or can"
          + " be reaped, when the unmounted tree has no other users (users of a child left"
          + " connected count); a path lookup whose legitimize_mnt increment is still in the count"
          + " at that moment is a user."),
  CLEANUP_DESPITE_RACING_LOOKUP(
      "cleanup-despite-racing-lookup",
      "Not a kernel guarantee (documents expected behaviour): cleanup-before-return even when a"
          + " racing path lookup's legitimize_mnt increment is still in the count. Mainline fails"
          + " it by design: a failed legitimize_mnt puts after rcu_read_unlock, so no grace period"
          + " waits for that put, and the lookup may drop the final reference.",
      false),
  COUNT_ZERO_ONLY_WHEN_DOOMED(
      "count-zero-only-when-doomed",
      "A mount's count never reaches 0 before MNT_DOOMED: only mntput_no_expire's slow path, which"
          + " marks the mount doomed, drops a last reference; a fast-path decrement (mnt_ns seen"
          + " set under rcu_read_lock) never does, because mnt_ns is cleared and a grace period"
          + " passes before the long-term reference is put."),
  MOUNT_LOCK_NOT_IN_SOFTIRQ(
      "mount-lock-not-in-softirq",
      "mount_lock is taken only in process context (a task or a kworker): lock_mount_hash holds it"
          + " with softirqs enabled, so a softirq (an RCU callback) that takes it is lockdep's"
          + " inconsistent {SOFTIRQ-ON-W} -> {IN-SOFTIRQ-W} usage, and deadlocks when it"
          + " interrupts the holder."),
  MNT_NS_NO_USE_AFTER_FREE(
      "mnt-ns-no-use-after-free",
      "No lockless reader of a mount's mnt_ns (open_by_handle_at's permission check,"
          + " listmount/statmount's lookup_mnt_ns, dissolve_on_fput's anon_ns_root) dereferences a"
          + " mount namespace whose memory was freed."),
  MNT_NS_NULL_CHECKED(
      "mnt-ns-null-checked",
      "A lockless reader dereferences only the mnt_ns value it checked: none reads mnt_ns again"
          + " after is_mounted() and dereferences the NULL that umount_tree left there."),
  MNT_NS_FREED_AFTER_GP(
      "mnt-ns-freed-after-gp",
      "A mount namespace's memory is freed only when its passive count reaches 0 and no"
          + " lookup_mnt_ns can still be taking a reference: on 7.2 after the RCU callback that"
          + " free_mnt_ns queued dropped the tree's reference, so every lockless reader has left"
          + " its read-side section; on 6.12 lookups run under mnt_ns_tree_lock, which the"
          + " removal takes for writing."),
  NS_REF_NOT_FROM_ZERO(
      "ns-ref-not-from-zero",
      "No reader takes a namespace reference from 0: ns_get_unless_inactive (Linux 7.2) takes one"
          + " only while the namespace is active and its count is above 0"
          + " (refcount_inc_not_zero), so a namespace whose last reference went is never taken"
          + " again while it is torn down."),
  NO_SLEEP_IN_RCU_READ_SIDE(
      "no-sleep-in-rcu-read-side",
      "Nothing that may sleep runs inside an RCU read-side section: a reader's last namespace put,"
          + " which tears the namespace down in its own context (put_mnt_ns: down_write of"
          + " namespace_sem), runs after rcu_read_unlock."),
  NO_SPURIOUS_ENOSPC(
      "no-spurious-enospc",
      "create_ipc_ns succeeds whenever fewer ipc namespaces than the ucount limit are in use or in"
          + " the middle of a put_ipc_ns that has not returned: a namespace whose put returned is"
          + " waited for (a80c4adcb574: flush_work of the free queued by then, then a retry)."),
  NO_ENOSPC_DESPITE_RACING_PUT(
      "no-enospc-despite-racing-put",
      "Not a kernel guarantee (documents expected behaviour): no-spurious-enospc even while another"
          + " task is in the middle of put_ipc_ns. Mainline fails it by design: put_ipc_ns drops"
          + " the last reference before llist_add queues the free, so a creator's flush_work in"
          + " between has nothing to wait for, and the namespace is still charged.",
      false),
  TEARDOWN_COMPLETES(
      "teardown-completes",
      "Every schedule ends with all tasks finished, every unmounted mount shut down and freed,"
          + " every released ipc namespace uncharged and every emptied mount namespace freed (no"
          + " deadlock, no leak).");

  private final String id;
  private final String statement;
  private final boolean guarantee;

  RcuProperty(String id, String statement) {
    this(id, statement, true);
  }

  RcuProperty(String id, String statement, boolean guarantee) {
    this.id = id;
    this.statement = statement;
    this.guarantee = guarantee;
  }

  /**
   * False for a property the kernel does not promise, which documents expected behaviour: its
   * failure does not make {@code check rcu} fail.
   */
  public boolean guarantee() {
    return guarantee;
  }

  public String id() {
    return id;
  }

  public String statement() {
    return statement;
  }

  public static Optional<RcuProperty> byId(String id) {
    for (RcuProperty p : values()) if (p.id.equals(id)) return Optional.of(p);
    return Optional.empty();
  }

  /** Why this transition violates the property, or null. */
  public String violatedBy(Transition t) {
    for (RcuEvent ev : t.events()) {
      String why = violatedBy(ev);
      if (why != null) return why;
    }
    return null;
  }

  private String violatedBy(RcuEvent ev) {
    switch (this) {
      case NO_USE_AFTER_FREE -> {
        if (ev instanceof RcuEvent.Touch x && (x.memoryFreed() || x.fsShutDown()))
          return x.reader()
              + " ("
              + x.what()
              + ") touches m"
              + x.mount()
              + (x.memoryFreed() ? " after it was freed" : " after its superblock was shut down");
      }
      case SYNC_UMOUNT_COMPLETE -> {
        if (ev instanceof RcuEvent.UmountReturned u
            && !u.lazy()
            && u.result() == OpResult.OK
            && u.otherUsers() == 0
            && !u.shutDown())
          return u.task() + "'s umount of m" + u.mount() + " returned 0, superblock still active";
      }
      case KERN_UNMOUNT_COMPLETE -> {
        if (ev instanceof RcuEvent.KernUnmountReturned x && x.otherUsers() == 0 && !x.shutDown())
          return x.task()
              + "'s kern_unmount of m"
              + x.mount()
              + " returned with no file open on it, superblock still active";
      }
      case EXPIRY_CLEANUP_IN_KWORKERS -> {
        if (ev instanceof RcuEvent.ExpiryDone x
            && x.result() == OpResult.OK
            && x.otherUsers() == 0
            && !x.handedOn())
          return x.task()
              + " expired m"
              + x.mount()
              + " and returned, but its final reference is not the worker's: cleanup_mnt will"
              + " run in another task's task_work";
      }
      case CLEANUP_BEFORE_RETURN -> {
        return cleanupNotDone(ev, true);
      }
      case CLEANUP_DESPITE_RACING_LOOKUP -> {
        return cleanupNotDone(ev, false);
      }
      case COUNT_ZERO_ONLY_WHEN_DOOMED -> {
        if (ev instanceof RcuEvent.FastPathPut f && f.countAfter() == 0 && !f.doomed())
          return f.actor()
              + "'s mntput fast path drops m"
              + f.mount()
              + "'s count to 0 without MNT_DOOMED: nobody will clean it up";
      }
      case MOUNT_LOCK_NOT_IN_SOFTIRQ -> {
        if (ev instanceof RcuEvent.LockInSoftirq l)
          return "inconsistent {SOFTIRQ-ON-W} -> {IN-SOFTIRQ-W} usage: mount_lock taken in softirq"
              + " on "
              + l.interrupted()
              + ", and in process context with softirqs on by lock_mount_hash"
              + (l.held() ? "; the interrupted task holds it: *** DEADLOCK ***" : "");
      }
      case MNT_NS_NO_USE_AFTER_FREE -> {
        if (ev instanceof RcuEvent.NsTouch x && x.freed())
          return x.actor()
              + " ("
              + x.what()
              + ") dereferences ns"
              + x.ns()
              + " after its memory was freed";
      }
      case MNT_NS_NULL_CHECKED -> {
        if (ev instanceof RcuEvent.NsTouch x && x.nullPointer())
          return x.actor()
              + " ("
              + x.what()
              + ") dereferences a NULL mnt_ns: the mount left its namespace after is_mounted()"
              + " saw it attached";
      }
      case MNT_NS_FREED_AFTER_GP -> {
        if (ev instanceof RcuEvent.NsFreed x && !x.lookupsDone())
          return x.actor()
              + " frees ns"
              + x.ns()
              + " without a grace period after free_mnt_ns took it out of the tree";
      }
      case NS_REF_NOT_FROM_ZERO -> {
        if (ev instanceof RcuEvent.NsRefFromZero x)
          return x.actor()
              + " takes a reference of ns"
              + x.ns()
              + " from 0: refcount_t addition on 0, the namespace is being torn down";
      }
      case NO_SLEEP_IN_RCU_READ_SIDE -> {
        if (ev instanceof RcuEvent.SleepInRcuReadSide x)
          return x.actor() + " may sleep inside rcu_read_lock (" + x.what() + ")";
      }
      case NO_SPURIOUS_ENOSPC -> {
        if (ev instanceof RcuEvent.Enospc x && x.inUse() + x.midPut() < x.limit())
          return x.task()
              + ": create_ipc_ns fails with ENOSPC while only "
              + x.inUse()
              + " of "
              + x.limit()
              + " namespaces are in use";
      }
      case NO_ENOSPC_DESPITE_RACING_PUT -> {
        if (ev instanceof RcuEvent.Enospc x && x.inUse() < x.limit())
          return x.task()
              + ": create_ipc_ns fails with ENOSPC while only "
              + x.inUse()
              + " of "
              + x.limit()
              + " namespaces are in use"
              + (x.midPut() > 0 ? " (" + x.midPut() + " in another task's put_ipc_ns)" : "");
      }
      case TEARDOWN_COMPLETES -> {
        return null;
      }
    }
    return null;
  }

  /**
   * Why a return or reap event comes before cleanup_mnt with no other users, or null; {@code
   * lookupsAreUsers} counts lookups in flight as users.
   */
  private static String cleanupNotDone(RcuEvent ev, boolean lookupsAreUsers) {
    if (ev instanceof RcuEvent.UmountReturned u
        && u.result() == OpResult.OK
        && u.otherUsers() == 0
        && !(lookupsAreUsers && u.lookupsInFlight() > 0)
        && !u.shutDown())
      return u.task()
          + " returned to user space from umount"
          + (u.lazy() ? " -l" : "")
          + " of m"
          + u.mount()
          + " before cleanup_mnt ran"
          + (u.lookupsInFlight() > 0 ? " (a racing lookup holds its increment)" : "");
    if (ev instanceof RcuEvent.CloseReturned c
        && c.otherUsers() == 0
        && !(lookupsAreUsers && c.lookupsInFlight() > 0)
        && !c.shutDown())
      return c.task()
          + " returned to user space from "
          + c.what()
          + " before cleanup_mnt of m"
          + c.mount()
          + " ran";
    if (ev instanceof RcuEvent.ExitReaped x
        && x.otherUsers() == 0
        && !(lookupsAreUsers && x.lookupsInFlight() > 0)
        && !x.shutDown())
      return x.task()
          + " can be reaped before its namespace's m"
          + x.mount()
          + " is cleaned up"
          + (x.lookupsInFlight() > 0 ? " (a racing lookup holds its increment)" : "");
    return null;
  }

  /** For {@link #TEARDOWN_COMPLETES}: why this final state (no successors) is wrong, or null. */
  public String violatedAtEnd(RcuSystem system, RcuState s) {
    if (this != TEARDOWN_COMPLETES) return null;
    if (!system.allTasksDone(s)) return "deadlock: a task cannot finish";
    for (int r = 0; r < s.readers().size(); r++)
      if (s.readers().get(r).phase() != ReaderPhase.DONE) return "deadlock: r" + r + " stuck";
    List<RcuMount> ms = s.mounts();
    for (int m = 0; m < ms.size(); m++) {
      RcuMount x = ms.get(m);
      if ((!x.hashed() || !x.inNamespace()) && !(x.count() == 0 && x.shutDown() && x.freed()))
        return "leak: unmounted m" + m + " not torn down (count " + x.count() + ")";
    }
    for (int r = 0; r < s.nsReaders().size(); r++) {
      NsReader n = s.nsReaders().get(r);
      if (n.phase() != NsReaderPhase.DONE)
        return "deadlock: " + system.setup().nsReaderKinds().get(r).name(r) + " stuck";
    }
    List<RcuNamespace> ns = s.namespaces();
    for (int i = 0; i < ns.size(); i++)
      if (ns.get(i).emptied() && !ns.get(i).freed())
        return "leak: emptied ns" + i + " not freed (passive " + ns.get(i).passive() + ")";
    if (s.ipc().charged() != s.ipc().live())
      return "leak: " + (s.ipc().charged() - s.ipc().live()) + " ipc namespaces still charged";
    return null;
  }
}
