package mountcheck.model.events;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The working record of one operation's changes, written where the change is made (the way the
 * kernel queues a mount on {@code notify_list} with mnt_notify_add() and decides the event at
 * namespace_unlock(): each mount is queued once per system call, and its event compares the
 * namespace it had before with the one it has after). A disabled log records nothing, so the
 * model's plain {@code apply} pays nothing for it. Never shared or kept.
 */
public final class ChangeLog {
  private final boolean enabled;
  private final Map<Integer, int[]> queued = new LinkedHashMap<>(); // mount -> {before, after}
  private final List<Touch> touches = new ArrayList<>();

  private ChangeLog(boolean enabled) {
    this.enabled = enabled;
  }

  /** A log that records. */
  public static ChangeLog recording() {
    return new ChangeLog(true);
  }

  /** A log that records nothing. */
  public static ChangeLog disabled() {
    return new ChangeLog(false);
  }

  public boolean enabled() {
    return enabled;
  }

  /**
   * mnt_notify_add(): the mount's namespace membership or place changed; {@code before} is its
   * namespace when the system call began (0: none), {@code after} its namespace now.
   */
  public void queue(int mount, int before, int after) {
    if (!enabled) return;
    int[] entry = queued.get(mount);
    if (entry == null) queued.put(mount, new int[] {before, after});
    else entry[1] = after;
  }

  public void touch(Touch t) {
    if (enabled) touches.add(t);
  }

  /** mnt_notify() for every queued mount, in queue order, and the touches. */
  public StepChanges changes() {
    if (!enabled) return StepChanges.NONE;
    List<MountEvent> events = new ArrayList<>();
    for (Map.Entry<Integer, int[]> e : queued.entrySet()) {
      int mount = e.getKey();
      int before = e.getValue()[0];
      int after = e.getValue()[1];
      if (before == 0 && after != 0) {
        events.add(new MountEvent(MountEvent.Kind.ATTACH, after, mount));
      } else if (before != 0 && after == 0) {
        events.add(new MountEvent(MountEvent.Kind.DETACH, before, mount));
      } else if (before == after) {
        if (before != 0) events.add(new MountEvent(MountEvent.Kind.MOVE, after, mount));
      } else {
        events.add(new MountEvent(MountEvent.Kind.DETACH, before, mount));
        events.add(new MountEvent(MountEvent.Kind.ATTACH, after, mount));
      }
    }
    return new StepChanges(events, touches);
  }
}
