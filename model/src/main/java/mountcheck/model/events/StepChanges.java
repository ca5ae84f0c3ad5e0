package mountcheck.model.events;

import java.util.List;
import java.util.function.IntPredicate;

/**
 * What one system call changed that observers can see: the mount events for namespaces with a
 * fanotify mark, in the order the kernel queues them, and the counter touches.
 */
public record StepChanges(List<MountEvent> events, List<Touch> touches) {
  public static final StepChanges NONE = new StepChanges(List.of(), List.of());

  public StepChanges {
    events = List.copyOf(events);
    touches = List.copyOf(touches);
  }

  /**
   * These changes without the events in the namespaces {@code unwatchable} names: a detached tree's
   * anonymous namespace, which no fanotify mark can name (docs/semantics.md §2.13 rule 7).
   */
  public StepChanges withoutEventsIn(IntPredicate unwatchable) {
    List<MountEvent> kept = events.stream().filter(e -> !unwatchable.test(e.namespace())).toList();
    return kept.size() == events.size() ? this : new StepChanges(kept, touches);
  }
}
