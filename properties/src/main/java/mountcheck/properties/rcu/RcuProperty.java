package mountcheck.properties.rcu;

import java.util.List;
import java.util.Optional;
import mountcheck.model.rcu.OpResult;
import mountcheck.model.rcu.RcuEvent;
import mountcheck.model.rcu.RcuMount;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.ReaderPhase;
import mountcheck.model.rcu.Transition;

/**
 * The safety properties of the lifetime model (docs/semantics.md §4.5, issue 5), each with its
 * one-line statement. A property is violated by a transition (what it did) or, for {@link
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
  CLEANUP_BEFORE_RETURN(
      "cleanup-before-return",
      "Mainline guarantee: any umount, even umount -l, with no other users, and the namespace"
          + " teardown of an exiting task, has finished cleanup_mnt before the task returns to"
          + " user space or can be reaped."),
  NO_SPURIOUS_ENOSPC(
      "no-spurious-enospc",
      "create_ipc_ns succeeds whenever fewer ipc namespaces than the ucount limit are in use."),
  TEARDOWN_COMPLETES(
      "teardown-completes",
      "Every schedule ends with all tasks finished, every unmounted mount shut down and freed"
          + " and every released ipc namespace uncharged (no deadlock, no leak).");

  private final String id;
  private final String statement;

  RcuProperty(String id, String statement) {
    this.id = id;
    this.statement = statement;
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
      case CLEANUP_BEFORE_RETURN -> {
        if (ev instanceof RcuEvent.UmountReturned u
            && u.result() == OpResult.OK
            && u.otherUsers() == 0
            && !u.shutDown())
          return u.task()
              + " returned to user space from umount"
              + (u.lazy() ? " -l" : "")
              + " of m"
              + u.mount()
              + " before cleanup_mnt ran";
        if (ev instanceof RcuEvent.ExitReaped x && x.otherUsers() == 0 && !x.shutDown())
          return x.task()
              + " can be reaped before its namespace's m"
              + x.mount()
              + " is cleaned up";
      }
      case NO_SPURIOUS_ENOSPC -> {
        if (ev instanceof RcuEvent.Enospc x && x.inUse() < x.limit())
          return x.task()
              + ": create_ipc_ns fails with ENOSPC while only "
              + x.inUse()
              + " of "
              + x.limit()
              + " namespaces are in use";
      }
      case TEARDOWN_COMPLETES -> {
        return null;
      }
    }
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
      if (!x.hashed() && !(x.count() == 0 && x.shutDown() && x.freed()))
        return "leak: unmounted m" + m + " not torn down (count " + x.count() + ")";
    }
    if (s.ipc().charged() != s.ipc().live())
      return "leak: " + (s.ipc().charged() - s.ipc().live()) + " ipc namespaces still charged";
    return null;
  }
}
