package mountcheck.kernel.live;

import mountcheck.model.events.MountEvent;

/** A mount event read from a namespace's fanotify group; the namespace by its scenario index. */
public record LiveEvent(MountEvent.Kind kind, int namespace, long mount) {}
