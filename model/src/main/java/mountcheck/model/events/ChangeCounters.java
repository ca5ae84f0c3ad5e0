package mountcheck.model.events;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's change counters at one instant: the global {@code event} and each namespace's {@code
 * ns->event} (0 for a namespace never touched: alloc_mnt_ns() zeroes it). Immutable.
 */
public record ChangeCounters(long global, Map<Integer, Long> namespaces) {
  public static final ChangeCounters ZERO = new ChangeCounters(0, Map.of());

  public ChangeCounters {
    namespaces = Map.copyOf(namespaces);
  }

  /** {@code ns->event} of a namespace. */
  public long event(int namespace) {
    return namespaces.getOrDefault(namespace, 0L);
  }

  /** The counters after these touches, in order. */
  public ChangeCounters apply(List<Touch> touches) {
    if (touches.isEmpty()) return this;
    long g = global;
    Map<Integer, Long> ns = new HashMap<>(namespaces);
    for (Touch t : touches) {
      if (t instanceof Touch.Increment i) ns.put(i.namespace(), ++g);
      else if (t instanceof Touch.Bump) g++;
      else if (t instanceof Touch.CatchUp c) ns.put(c.namespace(), g);
    }
    return new ChangeCounters(g, ns);
  }
}
