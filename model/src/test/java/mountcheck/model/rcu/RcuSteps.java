package mountcheck.model.rcu;

import java.util.List;

/**
 * Walking a lifetime scenario by hand in the tests: the successor whose label starts with a prefix,
 * so that a test spells the kernel steps it expects in order.
 */
final class RcuSteps {
  private RcuSteps() {}

  /** The transition from {@code s} whose label starts with {@code prefix}; fails if none. */
  static Transition step(RcuSystem sys, RcuState s, String prefix) {
    for (Transition t : sys.successors(s)) if (t.label().startsWith(prefix)) return t;
    throw new AssertionError("no step starting with '" + prefix + "' among " + labels(sys, s));
  }

  /** The state that step leads to. */
  static RcuState apply(RcuSystem sys, RcuState s, String prefix) {
    return step(sys, s, prefix).next();
  }

  /** The labels of every transition from {@code s}. */
  static List<String> labels(RcuSystem sys, RcuState s) {
    return sys.successors(s).stream().map(Transition::label).toList();
  }
}
