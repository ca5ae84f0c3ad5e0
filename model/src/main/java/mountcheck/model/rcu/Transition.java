package mountcheck.model.rcu;

import java.util.List;

/**
 * One enabled step: its label (actor, colon, what it does; unique among the steps enabled in a
 * state, so a trace of labels replays), the state after it and what it did.
 */
public record Transition(String label, RcuState next, List<RcuEvent> events) {
  public Transition {
    events = List.copyOf(events);
  }
}
