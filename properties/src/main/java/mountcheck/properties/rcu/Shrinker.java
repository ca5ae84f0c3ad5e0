package mountcheck.properties.rcu;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.rcu.RcuSystem;

/**
 * Shortens a violating schedule: deletes spans of steps (halves, then smaller, then single steps),
 * keeps a deletion when the remaining steps still replay and still violate the property (cut at the
 * violating step), and repeats until no deletion helps.
 */
public final class Shrinker {
  private Shrinker() {}

  public static List<String> shrink(RcuSystem system, RcuProperty property, List<String> steps) {
    List<String> best = cut(system, property, steps);
    if (best == null)
      throw new IllegalArgumentException("the steps do not violate " + property.id());
    boolean progress = true;
    while (progress) {
      progress = false;
      for (int span = Math.max(1, best.size() / 2); span >= 1 && !progress; span /= 2) {
        for (int from = 0; from + span <= best.size(); from++) {
          List<String> candidate = new ArrayList<>(best.subList(0, from));
          candidate.addAll(best.subList(from + span, best.size()));
          List<String> ok = cut(system, property, candidate);
          if (ok != null && ok.size() < best.size()) {
            best = ok;
            progress = true;
            break;
          }
        }
      }
    }
    return best;
  }

  /** The prefix up to the first violation, or null when the steps do not replay to one. */
  private static List<String> cut(RcuSystem system, RcuProperty property, List<String> steps) {
    Replay.Outcome o = Replay.run(system, property, steps);
    if (!o.violated()) return null;
    return List.copyOf(steps.subList(0, o.violationStep()));
  }
}
