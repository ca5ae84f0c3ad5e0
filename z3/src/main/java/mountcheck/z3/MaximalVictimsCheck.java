package mountcheck.z3;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mountcheck.model.umount.MountGraph;

/**
 * The 2025 umount rule checked straight from its definition (Documentation/filesystems/
 * propagate_umount.txt, mainline f0d0ba19985d; docs/semantics.md §3.5), with the SMT solver in
 * place of an algorithm: one Boolean {@code v_x} per mount x of S = U ∪ candidates, U forced to
 * true, and
 *
 * <pre>
 *   non-shifting:  v_x -> v_y   for every y in the subtree of a child of x attached strictly
 *                               inside x (not on x's root); v_x -> false if such a y is not in S
 *   non-revealing: v_x -> v_p   for x locked with parent p; v_x -> false if p is not in S
 * </pre>
 *
 * Every constraint has one antecedent, so the solutions are closed under union and a maximal one
 * exists and is unique. A claimed victim set is that maximum exactly when it is a solution (the
 * constraints hold with v = the set) and no solution contains a member of S outside it (UNSAT).
 */
public final class MaximalVictimsCheck {
  private MaximalVictimsCheck() {}

  /**
   * What the check says about a claimed victim set; {@code problem} is empty when it is the
   * maximum.
   */
  public record Verdict(boolean isSolution, boolean isMaximal, String problem) {
    public boolean ok() {
      return isSolution && isMaximal;
    }
  }

  public static Verdict check(
      MountGraph g, List<Integer> u, Set<Integer> candidates, Set<Integer> victims) {
    Set<Integer> s = new LinkedHashSet<>(u);
    s.addAll(candidates);
    if (!s.containsAll(victims))
      return new Verdict(false, false, "victims outside U and the candidates");
    try (Context ctx = new Context()) {
      Map<Integer, BoolExpr> v = new HashMap<>();
      for (int x : s) v.put(x, ctx.mkBoolConst("v" + x));
      List<BoolExpr> constraints = new ArrayList<>();
      for (int x : u) constraints.add(v.get(x));
      for (int x : s) {
        for (int child : g.children(x)) {
          if (g.mountpoint(child) == g.root(x)) continue;
          for (int y : OracleCrossCheck.subtree(g, child))
            constraints.add(ctx.mkImplies(v.get(x), member(ctx, v, y)));
        }
        if (g.locked(x)) constraints.add(ctx.mkImplies(v.get(x), member(ctx, v, g.parent(x))));
      }
      Solver solver = ctx.mkSolver();
      constraints.forEach(solver::add);
      // the claim is a solution
      List<BoolExpr> claim = new ArrayList<>();
      for (int x : s) claim.add(victims.contains(x) ? v.get(x) : ctx.mkNot(v.get(x)));
      boolean isSolution = solver.check(claim.toArray(BoolExpr[]::new)) == Status.SATISFIABLE;
      // no solution reaches beyond it
      List<BoolExpr> beyond = new ArrayList<>();
      for (int x : s) if (!victims.contains(x)) beyond.add(v.get(x));
      boolean isMaximal =
          beyond.isEmpty()
              || solver.check(ctx.mkOr(beyond.toArray(BoolExpr[]::new))) == Status.UNSATISFIABLE;
      String problem =
          !isSolution
              ? "the claimed victims break non-shifting or non-revealing"
              : !isMaximal ? "a larger non-shifting, non-revealing set exists" : "";
      return new Verdict(isSolution, isMaximal, problem);
    }
  }

  private static BoolExpr member(Context ctx, Map<Integer, BoolExpr> v, int mount) {
    BoolExpr b = v.get(mount);
    return b != null ? b : ctx.mkFalse();
  }
}
