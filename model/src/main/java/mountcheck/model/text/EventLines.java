package mountcheck.model.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mountcheck.model.events.ChangeCounters;
import mountcheck.model.events.MountEvent;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;

/**
 * {@code run --events}: one header line per scenario command ({@code LINE: COMMAND}), then one
 * indented line per mount event it caused ({@code attach ns1 #7 /mnt/b a:/}; a move adds {@code
 * from PATH}), then, when a namespace's change counter moved, {@code event ns1=4 ns2=5}.
 */
public final class EventLines {
  private EventLines() {}

  public static List<String> render(ScenarioRunner.ObservedRun run) {
    List<String> out = new ArrayList<>();
    MountTable before = run.initial();
    ChangeCounters counters = ChangeCounters.ZERO;
    for (ScenarioRunner.ObservedStep s : run.steps()) {
      out.add(s.step().line() + ": " + s.step().operation().toCommand());
      for (MountEvent e : s.events()) out.add("  " + line(before, s.after(), e));
      Map<Integer, Long> moved = new TreeMap<>();
      for (Map.Entry<Integer, Long> c : s.counters().namespaces().entrySet()) {
        if (counters.event(c.getKey()) != c.getValue()) moved.put(c.getKey(), c.getValue());
      }
      if (!moved.isEmpty()) {
        StringBuilder b = new StringBuilder("  event");
        moved.forEach((ns, v) -> b.append(" ns").append(ns).append('=').append(v));
        out.add(b.toString());
      }
      counters = s.counters();
      before = s.after();
    }
    return out;
  }

  private static String line(MountTable before, MountTable after, MountEvent e) {
    CanonicalEvent c = CanonicalEvent.of(before, after, List.of(e)).get(0);
    String s =
        e.kind().word()
            + " ns"
            + e.namespace()
            + " #"
            + e.mount()
            + " "
            + c.path()
            + " "
            + c.source()
            + ":"
            + c.root();
    return c.from().isEmpty() ? s : s + " from " + c.from();
  }
}
