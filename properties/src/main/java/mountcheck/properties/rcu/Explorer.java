package mountcheck.properties.rcu;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.RcuState;
import mountcheck.model.rcu.RcuSystem;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Transition;

/**
 * Explicit-state explorer: breadth-first search over every interleaving of the lifetime model, one
 * scenario at a time, with visited states deduplicated by 64-bit fingerprint. Because the search is
 * breadth-first, the first violation found for a property is a shortest one.
 */
public final class Explorer {
  private final ExploreLimits limits;
  private final Consumer<String> progress;
  private final ExplorationMemo memo;

  public Explorer(ExploreLimits limits, Consumer<String> progress) {
    this(limits, progress, null);
  }

  /**
   * An explorer that reuses the complete explorations in {@code memo} for scenarios in which a
   * variant behaves like one explored before, and stores its own there (null: no sharing).
   */
  public Explorer(ExploreLimits limits, Consumer<String> progress, ExplorationMemo memo) {
    this.limits = limits;
    this.progress = progress;
    this.memo = memo;
  }

  public Explorer() {
    this(ExploreLimits.none(), s -> {});
  }

  /** Explores every scenario of the variant at the scope. */
  public Exploration explore(LifetimeDesign variant, Scope scope) {
    List<ScenarioRun> runs = new ArrayList<>();
    Map<RcuProperty, Counterexample> found = new EnumMap<>(RcuProperty.class);
    for (RcuScenario sc : RcuScenario.values()) {
      if (!variant.has(sc)) continue;
      RcuSystem sys = RcuSystem.of(variant, scope, sc);
      Object behaviour = memo == null ? null : sys.setup().behaviour();
      ExplorationMemo.Entry cached = memo == null ? null : memo.get(behaviour);
      Map<RcuProperty, Counterexample> inScenario;
      if (cached != null) {
        runs.add(cached.run());
        inScenario = cached.found();
      } else {
        inScenario = new EnumMap<>(RcuProperty.class);
        ScenarioRun run = bfs(sys, inScenario);
        runs.add(run);
        if (memo != null && run.complete()) memo.put(behaviour, run, inScenario);
      }
      // the shortest over the scenarios; on a tie the earlier scenario's
      for (Map.Entry<RcuProperty, Counterexample> f : inScenario.entrySet()) {
        Counterexample old = found.get(f.getKey());
        if (old == null || f.getValue().steps().size() < old.steps().size())
          found.put(f.getKey(), f.getValue().withVariant(variant.name()));
      }
    }
    return new Exploration(variant, scope, runs, found);
  }

  private ScenarioRun bfs(RcuSystem sys, Map<RcuProperty, Counterexample> found) {
    long start = System.currentTimeMillis();
    LongIntMap seen = new LongIntMap();
    int[] parent = new int[1024];
    int[] choice = new int[1024];
    RcuState init = sys.initial();
    Fingerprint fingerprint = Fingerprint.forSetup(sys.setup());
    seen.putIfAbsent(fingerprint.of(init), 0);
    parent[0] = -1;
    int count = 1;
    long transitions = 0;
    List<RcuState> frontier = new ArrayList<>(List.of(init));
    List<Integer> frontierIdx = new ArrayList<>(List.of(0));
    int depth = 0;
    boolean complete = true;
    long lastReport = start;
    while (!frontier.isEmpty()) {
      List<RcuState> next = new ArrayList<>();
      List<Integer> nextIdx = new ArrayList<>();
      for (int f = 0; f < frontier.size(); f++) {
        RcuState s = frontier.get(f);
        int idx = frontierIdx.get(f);
        List<Transition> succ = sys.successors(s);
        transitions += succ.size();
        if (succ.isEmpty()) {
          for (RcuProperty p : RcuProperty.values()) {
            String why = p.violatedAtEnd(sys, s);
            if (why != null) record(found, p, sys, path(parent, choice, idx, -1), why);
          }
        }
        for (int c = 0; c < succ.size(); c++) {
          Transition t = succ.get(c);
          for (RcuProperty p : RcuProperty.values()) {
            String why = p.violatedBy(t);
            if (why != null) record(found, p, sys, path(parent, choice, idx, c), why);
          }
          if (seen.putIfAbsent(fingerprint.of(t.next()), count) == -1) {
            parent = LongIntMap.grow(parent, count);
            choice = LongIntMap.grow(choice, count);
            parent[count] = idx;
            choice[count] = c;
            count++;
            next.add(t.next());
            nextIdx.add(count - 1);
          }
        }
        if (count >= limits.maxStates()
            || ((f & 4095) == 0 && System.currentTimeMillis() >= limits.deadlineMillis())) {
          complete = false;
          break;
        }
      }
      long now = System.currentTimeMillis();
      if (now - lastReport > 2000) {
        progress.accept(
            String.format(
                "%s %s: depth %d, %d states, %.0f states/s",
                sys.setup().design().name(),
                sys.setup().scenario().label(),
                depth,
                count,
                count * 1000.0 / Math.max(1, now - start)));
        lastReport = now;
      }
      if (!complete || now >= limits.deadlineMillis()) {
        complete = complete && next.isEmpty();
        break;
      }
      frontier = next;
      frontierIdx = nextIdx;
      if (!next.isEmpty()) depth++;
    }
    return new ScenarioRun(
        sys.setup().scenario(),
        count,
        transitions,
        depth,
        System.currentTimeMillis() - start,
        complete);
  }

  /** Choices from the initial state to state idx, then {@code last} (if not -1). */
  private static List<Integer> path(int[] parent, int[] choice, int idx, int last) {
    List<Integer> rev = new ArrayList<>();
    if (last >= 0) rev.add(last);
    for (int i = idx; i > 0; i = parent[i]) rev.add(choice[i]);
    List<Integer> out = new ArrayList<>();
    for (int i = rev.size() - 1; i >= 0; i--) out.add(rev.get(i));
    return out;
  }

  private static void record(
      Map<RcuProperty, Counterexample> found,
      RcuProperty p,
      RcuSystem sys,
      List<Integer> choices,
      String why) {
    Counterexample old = found.get(p);
    if (old != null && old.steps().size() <= choices.size()) return;
    List<String> labels = new ArrayList<>();
    RcuState s = sys.initial();
    for (int c : choices) {
      Transition t = sys.successors(s).get(c);
      labels.add(t.label());
      s = t.next();
    }
    found.put(
        p,
        new Counterexample(
            p,
            sys.setup().design().name(),
            sys.setup().scope().bound(),
            sys.setup().scenario(),
            labels,
            why,
            TraceStatus.of(p)));
  }
}
