package mountcheck.experiments.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mountcheck.model.rcu.RcuEvent;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Transition;

/**
 * A deterministic schedule with a clock, for cost measurements: every step of a task (label {@code
 * tN: ...}) takes one tick; kernel work (callbacks, workqueues) runs on another CPU at no tick cost
 * as soon as it is enabled; a grace period may end only {@code expeditedTicks} or {@code
 * normalTicks} after it started. A blocked task waits: the clock jumps to the next end.
 */
public final class ClockedSchedule {
  private final RcuSystem system;
  private final long normalTicks;
  private final long expeditedTicks;

  /** What the run did. */
  public record Run(long ticks, List<Stamped> events, RcuState end, boolean finished) {}

  /** An event and the tick at which it happened. */
  public record Stamped(long tick, RcuEvent event) {}

  public ClockedSchedule(RcuSystem system, long normalTicks, long expeditedTicks) {
    this.system = system;
    this.normalTicks = normalTicks;
    this.expeditedTicks = expeditedTicks;
  }

  public Run run(long maxSteps) {
    RcuState s = system.initial();
    long tick = 0;
    Map<Integer, Long> due = new HashMap<>();
    List<Stamped> events = new ArrayList<>();
    for (long n = 0; n < maxSteps; n++) {
      List<Transition> succ = system.successors(s);
      if (succ.isEmpty()) return new Run(tick, events, s, true);
      Transition pick = null;
      long nextDue = Long.MAX_VALUE;
      for (Transition t : succ) {
        String l = t.label();
        if (l.startsWith("rcu: grace period ")) {
          int gp = Integer.parseInt(l.substring(18, l.indexOf(' ', 18)));
          long d = due.getOrDefault(gp, 0L);
          if (d <= tick) {
            pick = t;
            break;
          }
          nextDue = Math.min(nextDue, d);
        } else if (!isTaskStep(l)) {
          pick = t;
          break;
        }
      }
      boolean taskStep = false;
      if (pick == null) {
        for (Transition t : succ)
          if (isTaskStep(t.label())) {
            pick = t;
            taskStep = true;
            break;
          }
      }
      if (pick == null) {
        tick = nextDue; // everybody waits for a grace period
        continue;
      }
      if (taskStep) tick++;
      for (RcuEvent ev : pick.events()) {
        events.add(new Stamped(tick, ev));
        if (ev instanceof RcuEvent.GpStarted g)
          due.put(g.gp(), tick + (g.expedited() ? expeditedTicks : normalTicks));
      }
      s = pick.next();
    }
    return new Run(tick, events, s, false);
  }

  private static boolean isTaskStep(String label) {
    return label.length() > 1 && label.charAt(0) == 't' && Character.isDigit(label.charAt(1));
  }
}
