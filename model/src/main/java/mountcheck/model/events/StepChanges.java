package mountcheck.model.events;

import java.util.List;

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
}
