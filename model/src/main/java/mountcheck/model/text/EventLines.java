package mountcheck.model.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mountcheck.model.events.ChangeCounters;
import mountcheck.model.events.MountEvent;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;

/**
 * {@code run --events}: one header line per scenario command ({@code LINE: COMMAND}), then one
 * indented line per mount event it caused ({@code attach ns1 #7 /mnt/b a:/}; a move adds {@code
 * from PATH}), then, when a namespace's change counter moved, {@code event ns1=4 ns2=5}. After the
 * last command, each shell exit of the scenario's end, innermost first, the same way under a header
 * {@code end: exit of the shell in ns3} ({@code end: exit of the first shell in ns1} for the
 * runner's own shell, whose teardown ends the namespaces only it kept alive).
 */
public final class EventLines {
  private EventLines() {}

  /** The commands' lines only. */
  public static List<String> render(ScenarioRunner.ObservedRun run) {
    return render(run, List.of());
  }

  /** The commands' lines, then those of the exits at the end ({@link Model#exitsAtEnd}). */
  public static List<String> render(ScenarioRunner.ObservedRun run, List<Model.ShellExit> exits) {
    List<String> out = new ArrayList<>();
    MountTable before = run.initial();
    ChangeCounters counters = ChangeCounters.ZERO;
    for (ScenarioRunner.ObservedStep s : run.steps()) {
      out.add(s.step().line() + ": " + s.step().operation().toCommand());
      block(out, before, s.after(), s.events(), counters, s.counters());
      counters = s.counters();
      before = s.after();
    }
    for (Model.ShellExit x : exits) {
      out.add(
          "end: exit of the " + (x.first() ? "first shell" : "shell") + " in ns" + x.namespace());
      ChangeCounters after = counters.apply(x.changes().touches());
      block(out, x.before(), x.after(), x.changes().events(), counters, after);
      counters = after;
    }
    return out;
  }

  private static void block(
      List<String> out,
      MountTable before,
      MountTable after,
      List<MountEvent> events,
      ChangeCounters countersBefore,
      ChangeCounters countersAfter) {
    for (MountEvent e : events) out.add("  " + line(before, after, e));
    Map<Integer, Long> moved = new TreeMap<>();
    for (Map.Entry<Integer, Long> c : countersAfter.namespaces().entrySet()) {
      if (countersBefore.event(c.getKey()) != c.getValue()) moved.put(c.getKey(), c.getValue());
    }
    if (!moved.isEmpty()) {
      StringBuilder b = new StringBuilder("  event");
      moved.forEach((ns, v) -> b.append(" ns").append(ns).append('=').append(v));
      out.add(b.toString());
    }
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
