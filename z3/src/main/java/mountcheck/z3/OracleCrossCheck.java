package mountcheck.z3;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import mountcheck.model.semantics.MountTableGraph;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.MountGraph;
import mountcheck.model.umount.Receivers;
import mountcheck.model.umount.ReferenceUmount2025;
import mountcheck.model.umount.UmountPlan;

/**
 * Cross-checks {@link PropagationOracle} against the model on random states: Receivers(p) for every
 * mount p equals {@link Receivers#of}, and for U = the subtree (preorder) of a random mount with a
 * parent and an unlocked root, the oracle's candidates equal the lookups the model's receivers
 * give, its victims equal those of {@link ReferenceUmount2025}, and they are the maximal
 * non-shifting, non-revealing set by {@link MaximalVictimsCheck} (the definition, solved with SMT).
 */
public final class OracleCrossCheck {
  private final RandomStates states;

  public OracleCrossCheck(RandomStates states) {
    this.states = states;
  }

  /**
   * What a run found.
   *
   * @param states states checked
   * @param mounts live mounts over all states (one Receivers comparison each)
   * @param umounts umount comparisons (states that had an eligible mount)
   * @param propagated umount comparisons where some victim was outside U
   * @param trimmed umount comparisons where some candidate was not a victim
   * @param nanos time spent in the oracle (encoding, solving, reading answers)
   * @param definitionNanos time spent in {@link MaximalVictimsCheck}
   * @param disagreements one line per disagreement, with the seed that reproduces it
   */
  public record Report(
      int states,
      int mounts,
      int umounts,
      int propagated,
      int trimmed,
      long nanos,
      long definitionNanos,
      List<String> disagreements) {}

  /** Checks the states of seeds {@code seed, seed + 1, ..., seed + count - 1}. */
  public Report run(long seed, int count) {
    int mounts = 0, umounts = 0, propagated = 0, trimmed = 0;
    long nanos = 0, definitionNanos = 0;
    List<String> bad = new ArrayList<>();
    for (long s = seed; s < seed + count; s++) {
      MountTable state = states.state(s);
      MountGraph g = new MountTableGraph(state);
      List<Integer> u = pickU(state, g, new Random(s));
      long t0 = System.nanoTime();
      Set<Integer> oracleVictims;
      Set<Integer> oracleCandidates;
      Map<Integer, Set<Integer>> oracleReceivers;
      try (PropagationOracle oracle = PropagationOracle.of(state)) {
        oracleReceivers = oracle.receivers();
        PropagationOracle.UmountAnswer a = u.isEmpty() ? null : oracle.umount(u);
        oracleCandidates = a == null ? Set.of() : a.candidates();
        oracleVictims = a == null ? Set.of() : a.victims();
      }
      nanos += System.nanoTime() - t0;
      for (int m : state.mountIds()) {
        mounts++;
        Set<Integer> expected = new TreeSet<>(Receivers.of(g, m));
        if (!expected.equals(oracleReceivers.get(m)))
          bad.add(
              "seed "
                  + s
                  + ": Receivers("
                  + m
                  + ") model "
                  + expected
                  + " oracle "
                  + oracleReceivers.get(m));
      }
      if (u.isEmpty()) continue;
      umounts++;
      UmountPlan plan = new ReferenceUmount2025().plan(g, u);
      Set<Integer> expected = new TreeSet<>(plan.victims());
      if (!expected.equals(oracleVictims))
        bad.add(
            "seed "
                + s
                + ": victims of U="
                + u
                + " model "
                + expected
                + " oracle "
                + oracleVictims);
      if (expected.size() > u.size()) propagated++;
      Set<Integer> expectedCandidates = candidates(g, u);
      if (!expectedCandidates.equals(oracleCandidates))
        bad.add(
            "seed "
                + s
                + ": candidates of U="
                + u
                + " model "
                + expectedCandidates
                + " oracle "
                + oracleCandidates);
      long t1 = System.nanoTime();
      MaximalVictimsCheck.Verdict verdict =
          MaximalVictimsCheck.check(g, u, expectedCandidates, oracleVictims);
      definitionNanos += System.nanoTime() - t1;
      if (!verdict.ok())
        bad.add(
            "seed "
                + s
                + ": definition, U="
                + u
                + " victims "
                + oracleVictims
                + ": "
                + verdict.problem());
      if (!oracleVictims.containsAll(oracleCandidates)) trimmed++;
    }
    return new Report(count, mounts, umounts, propagated, trimmed, nanos, definitionNanos, bad);
  }

  /**
   * U for one state: the preorder subtree of a random mount that has a parent and is not locked.
   * Three times in four, when there is one, a mount whose umount has candidates (some receiver of
   * its parent has a mount at the same mountpoint outside U), so the trimming rules get exercised.
   */
  public static List<Integer> pickU(MountTable state, MountGraph g, Random rnd) {
    List<Integer> eligible = new ArrayList<>();
    List<Integer> withCandidates = new ArrayList<>();
    for (int m : state.mountIds()) {
      if (g.parent(m) == MountGraph.NONE || g.locked(m)) continue;
      eligible.add(m);
      Set<Integer> u = Set.copyOf(subtree(g, m));
      for (int r : Receivers.of(g, g.parent(m))) {
        int c = g.lookup(r, g.mountpoint(m));
        if (c != MountGraph.NONE && !u.contains(c)) {
          withCandidates.add(m);
          break;
        }
      }
    }
    List<Integer> from =
        !withCandidates.isEmpty() && rnd.nextInt(4) != 0 ? withCandidates : eligible;
    if (from.isEmpty()) return List.of();
    return subtree(g, from.get(rnd.nextInt(from.size())));
  }

  /** {lookup(r, m.mountpoint) : m in U, r in Receivers(m.parent)} minus U, from the model. */
  static Set<Integer> candidates(MountGraph g, List<Integer> u) {
    Set<Integer> out = new TreeSet<>();
    for (int m : u) {
      if (g.parent(m) == MountGraph.NONE) continue;
      for (int r : Receivers.of(g, g.parent(m))) {
        int c = g.lookup(r, g.mountpoint(m));
        if (c != MountGraph.NONE && !u.contains(c)) out.add(c);
      }
    }
    return out;
  }

  /** The mount and everything below it, in preorder. */
  public static List<Integer> subtree(MountGraph g, int top) {
    List<Integer> out = new ArrayList<>();
    ArrayDeque<Integer> stack = new ArrayDeque<>();
    stack.push(top);
    while (!stack.isEmpty()) {
      int m = stack.pop();
      out.add(m);
      int[] kids = g.children(m);
      for (int i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
    return out;
  }
}
