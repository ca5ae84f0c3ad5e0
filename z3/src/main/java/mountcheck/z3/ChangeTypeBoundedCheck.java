package mountcheck.z3;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * Bounded model check, with Z3's SMT solver, of the propagation type changes of docs/semantics.md
 * §2.2 ({@code mount --make-shared|slave|private|unbindable}, fs/pnode.c change_mnt_propagation()
 * of Linux 6.18) against the invariants of §1.6 that concern them.
 *
 * <p><b>Question.</b> Starting from a state of {@code n} mounts, can some sequence of at most
 * {@code K} type changes reach a state that violates an invariant? Expected: no (UNSAT) for the
 * real rules, yes (SAT, with the command sequence) for a planted bug. Two start conditions ({@link
 * Start}): <em>any</em> state that satisfies the invariants (then k = 1 is an induction step), or
 * one concrete state, all n mounts peers in one group with no master (as n binds of a shared mount
 * leave them), from which the type changes alone reach slaves, shared-and-slave groups, chains of
 * masters and unbindable mounts; there the bound is real coverage.
 *
 * <p><b>State</b> at step t = 0..K, for mounts 1..n, as bit-vector variables (so the solver
 * bit-blasts; 0 stands for "none"): {@code grp[t][i]} (peer group id, 0 = not shared, ids 1..n+1 so
 * a fresh id always exists), {@code mas[t][i]} (master mount, 0 = none) and the Boolean {@code
 * unb[t][i]} (T_UNBINDABLE). Reading a column at a symbolic mount is an if-then-else chain that
 * gives 0 for "none". A slave list is not stored: s is on m's slave list exactly when {@code
 * mas[t][s] = m}, which is invariant 4's second half.
 *
 * <p><b>Step</b> t chooses {@code op_t} (0 shared, 1 slave, 2 private, 3 unbindable), a target
 * {@code x = tgt_t}, a peer {@code pick_t} (the former peer that inherits x's slaves; the kernel's
 * choice is not observable, so any peer is allowed) and an unused group id {@code fresh_t}. With
 * {@code shared = grp[x] != 0} and {@code hasPeer = shared && some other mount has grp[x]}, {@code
 * dst = hasPeer ? pick : mas[x]}:
 *
 * <pre>
 *   make-shared:  grp'[x] = grp[x] != 0 ? grp[x] : fresh;  unb'[x] = false;  mas'[x] = mas[x]
 *   other types:  grp'[x] = 0;
 *                 every y != x with shared && mas[y] = x:  mas'[y] = dst   (slaves handed on)
 *                 slave:        mas'[x] = dst;  unb'[x] = unb[x]
 *                 private:      mas'[x] = 0;    unb'[x] = false
 *                 unbindable:   mas'[x] = 0;    unb'[x] = true
 *   everything not named is unchanged.
 * </pre>
 *
 * This is the table of §2.2 (make-slave of a lone shared mount gives a slave of its old master, or
 * a private mount; of a non-shared mount, no change). The recursive forms apply the same rule to
 * each mount of a subtree in turn, so they are sequences of these steps; the encoding has no tree.
 *
 * <p><b>Invariants</b> (§1.6) at each step: ids in range and no mount its own master; peers share
 * their master (3); a master is shared (4, hence 5: only shared mounts have slaves); unbindable is
 * not shared (8); the propagation graph is acyclic (4): following masters 1..n times from a mount
 * never comes back to it or to its peer group.
 *
 * <p><b>Query</b>, incrementally for k = 1..K on one solver: the start condition, {@code
 * valid(0..k-1)}, steps 0..k-1, and the assumption {@code !valid(k)}. From any valid state, k = 1
 * is the induction step: UNSAT there already shows the invariants are preserved by every sequence
 * of any length, and a violation at depth k implies one at depth 1 (its last step starts from a
 * valid state), so deeper bounds only re-confirm it. From the one-peer-group state a planted bug
 * needs several steps (both planted here need exactly 2).
 */
public final class ChangeTypeBoundedCheck {
  /** The transition rules checked: the kernel's, or one with a planted bug. */
  public enum Rules {
    LINUX("change_mnt_propagation as in Linux 6.18"),
    SLAVE_KEEPS_SLAVES("planted bug: a mount that stops being shared keeps its slaves"),
    SHARED_KEEPS_UNBINDABLE("planted bug: make-shared leaves T_UNBINDABLE set");

    public final String description;

    Rules(String description) {
      this.description = description;
    }
  }

  /** Where the traces start. */
  public enum Start {
    /** Any state that satisfies the invariants (an induction step at k = 1). */
    ANY_VALID,
    /** All mounts in peer group 1, no masters, nothing unbindable. */
    ONE_PEER_GROUP
  }

  private static final String[] OPS = {"shared", "slave", "private", "unbindable"};

  /**
   * The answer for one bound.
   *
   * @param violation whether some sequence breaks an invariant (SAT)
   * @param counterexample for a violation: the start state, the commands up to the first broken
   *     state, and the invariant it breaks; empty otherwise
   */
  public record Outcome(
      Rules rules,
      Start start,
      int mounts,
      int bound,
      boolean violation,
      List<String> counterexample,
      long nanos) {}

  private ChangeTypeBoundedCheck() {}

  public static Outcome check(Rules rules, Start start, int mounts, int bound) {
    return checkEach(rules, start, mounts, bound).get(bound - 1);
  }

  /**
   * The outcomes for bounds 1..bound, with one incremental solver: depth k asks for a violation in
   * state k given that states 0..k-1 are valid (a violation at any depth up to k is found at the
   * first such depth). Stops at the first violation; each outcome's time is that depth's.
   */
  @SuppressWarnings("unchecked") // Solver.add(Expr<BoolSort>...) with one argument
  public static List<Outcome> checkEach(Rules rules, Start start, int mounts, int bound) {
    if (mounts < 1 || bound < 1)
      throw new IllegalArgumentException("need at least one mount and one step");
    List<Outcome> out = new ArrayList<>();
    try (Context ctx = new Context()) {
      Encoding e = new Encoding(ctx, rules, mounts, bound);
      Solver solver = ctx.mkSolver("QF_BV");
      if (start == Start.ONE_PEER_GROUP) solver.add(e.onePeerGroup(0));
      for (int k = 1; k <= bound; k++) {
        long t0 = System.nanoTime();
        solver.add(e.valid(k - 1));
        solver.add(e.step(k - 1));
        Status st = solver.check(ctx.mkNot(e.valid(k)));
        if (st == Status.UNKNOWN)
          throw new IllegalStateException("z3: " + solver.getReasonUnknown());
        boolean sat = st == Status.SATISFIABLE;
        List<String> cex = sat ? e.describe(solver.getModel(), k) : List.of();
        out.add(new Outcome(rules, start, mounts, k, sat, cex, System.nanoTime() - t0));
        if (sat) {
          for (int j = k + 1; j <= bound; j++)
            out.add(new Outcome(rules, start, mounts, j, true, cex, 0));
          break;
        }
      }
    }
    return out;
  }

  /** The variables and formulas of one check; lives only inside its Context. */
  private static final class Encoding {
    private final Context ctx;
    private final Rules rules;
    private final int n;
    private final BitVecSort word; // wide enough for 0..n+1
    private final List<BitVecExpr[]> grp = new ArrayList<>(); // [t][i], i = 1..n (0 unused)
    private final List<BitVecExpr[]> mas = new ArrayList<>();
    private final List<BoolExpr[]> unb = new ArrayList<>();
    private final List<BitVecExpr> op = new ArrayList<>();
    private final List<BitVecExpr> tgt = new ArrayList<>();
    private final List<BitVecExpr> pick = new ArrayList<>();
    private final List<BitVecExpr> fresh = new ArrayList<>();

    Encoding(Context ctx, Rules rules, int n, int bound) {
      this.ctx = ctx;
      this.rules = rules;
      this.n = n;
      this.word = ctx.mkBitVecSort(Math.max(2, 32 - Integer.numberOfLeadingZeros(n + 1)));
      for (int t = 0; t <= bound; t++) {
        BitVecExpr[] g = new BitVecExpr[n + 1], m = new BitVecExpr[n + 1];
        BoolExpr[] u = new BoolExpr[n + 1];
        for (int i = 1; i <= n; i++) {
          g[i] = ctx.mkBVConst("grp" + t + "_" + i, word.getSize());
          m[i] = ctx.mkBVConst("mas" + t + "_" + i, word.getSize());
          u[i] = ctx.mkBoolConst("unb" + t + "_" + i);
        }
        grp.add(g);
        mas.add(m);
        unb.add(u);
      }
      for (int t = 0; t < bound; t++) {
        op.add(ctx.mkBVConst("op" + t, word.getSize()));
        tgt.add(ctx.mkBVConst("tgt" + t, word.getSize()));
        pick.add(ctx.mkBVConst("pick" + t, word.getSize()));
        fresh.add(ctx.mkBVConst("fresh" + t, word.getSize()));
      }
    }

    private BitVecExpr num(int v) {
      return (BitVecExpr) ctx.mkNumeral(v, word);
    }

    private BitVecExpr grp(int t, int m) {
      return grp.get(t)[m];
    }

    private BitVecExpr mas(int t, int m) {
      return mas.get(t)[m];
    }

    private BoolExpr unb(int t, int m) {
      return unb.get(t)[m];
    }

    /** {@code column[m]} for a symbolic mount m; 0 when m is 0 ("none"). */
    private BitVecExpr at(BitVecExpr[] column, BitVecExpr m) {
      BitVecExpr out = num(0);
      for (int i = 1; i < column.length; i++)
        out = (BitVecExpr) ctx.mkITE(eq(m, num(i)), column[i], out);
      return out;
    }

    private BoolExpr eq(Expr<?> a, Expr<?> b) {
      return ctx.mkEq(a, b);
    }

    private BoolExpr ne(Expr<?> a, Expr<?> b) {
      return ctx.mkNot(ctx.mkEq(a, b));
    }

    private BoolExpr in(BitVecExpr v, int lo, int hi) {
      return ctx.mkAnd(ctx.mkBVULE(num(lo), v), ctx.mkBVULE(v, num(hi)));
    }

    private BoolExpr and(List<BoolExpr> parts) {
      return ctx.mkAnd(parts.toArray(BoolExpr[]::new));
    }

    // ---- invariants ---------------------------------------------------------------------------

    BoolExpr onePeerGroup(int t) {
      List<BoolExpr> c = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        c.add(eq(grp(t, i), num(1)));
        c.add(eq(mas(t, i), num(0)));
        c.add(ctx.mkNot(unb(t, i)));
      }
      return and(c);
    }

    BoolExpr valid(int t) {
      return ctx.mkAnd(
          wellFormed(t),
          peersShareMaster(t),
          masterIsShared(t),
          unbindableNotShared(t),
          acyclic(t));
    }

    BoolExpr wellFormed(int t) {
      List<BoolExpr> c = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        c.add(in(grp(t, i), 0, n + 1));
        c.add(in(mas(t, i), 0, n));
        c.add(ne(mas(t, i), num(i)));
      }
      return and(c);
    }

    BoolExpr peersShareMaster(int t) {
      List<BoolExpr> c = new ArrayList<>();
      for (int i = 1; i <= n; i++)
        for (int j = i + 1; j <= n; j++)
          c.add(
              ctx.mkImplies(
                  ctx.mkAnd(ne(grp(t, i), num(0)), eq(grp(t, i), grp(t, j))),
                  eq(mas(t, i), mas(t, j))));
      return and(c);
    }

    BoolExpr masterIsShared(int t) {
      List<BoolExpr> c = new ArrayList<>();
      for (int i = 1; i <= n; i++)
        c.add(ctx.mkImplies(ne(mas(t, i), num(0)), ne(at(grp.get(t), mas(t, i)), num(0))));
      return and(c);
    }

    BoolExpr unbindableNotShared(int t) {
      List<BoolExpr> c = new ArrayList<>();
      for (int i = 1; i <= n; i++) c.add(ctx.mkImplies(unb(t, i), eq(grp(t, i), num(0))));
      return and(c);
    }

    BoolExpr acyclic(int t) {
      List<BoolExpr> c = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        BitVecExpr up = num(i);
        for (int len = 1; len <= n; len++) {
          up = at(mas.get(t), up);
          BoolExpr back =
              ctx.mkOr(
                  eq(up, num(i)),
                  ctx.mkAnd(ne(grp(t, i), num(0)), eq(at(grp.get(t), up), grp(t, i))));
          c.add(ctx.mkNot(ctx.mkAnd(ne(up, num(0)), back)));
        }
      }
      return and(c);
    }

    // ---- transitions --------------------------------------------------------------------------

    BoolExpr step(int t) {
      BitVecExpr x = tgt.get(t);
      BitVecExpr o = op.get(t);
      int s = t + 1;
      List<BoolExpr> c = new ArrayList<>();
      c.add(in(o, 0, 3));
      c.add(in(x, 1, n));
      c.add(in(fresh.get(t), 1, n + 1));
      for (int i = 1; i <= n; i++) c.add(ne(grp(t, i), fresh.get(t)));
      BitVecExpr grpX = at(grp.get(t), x);
      BoolExpr shared = ne(grpX, num(0));
      List<BoolExpr> peers = new ArrayList<>();
      for (int i = 1; i <= n; i++) peers.add(ctx.mkAnd(ne(x, num(i)), eq(grp(t, i), grpX)));
      BoolExpr hasPeer = ctx.mkAnd(shared, ctx.mkOr(peers.toArray(BoolExpr[]::new)));
      BitVecExpr p = pick.get(t);
      c.add(ctx.mkImplies(hasPeer, ctx.mkAnd(in(p, 1, n), ne(p, x), eq(at(grp.get(t), p), grpX))));
      BitVecExpr dst = (BitVecExpr) ctx.mkITE(hasPeer, p, at(mas.get(t), x));
      BoolExpr makeShared = eq(o, num(0));
      BoolExpr makeSlave = eq(o, num(1));
      for (int i = 1; i <= n; i++) {
        BoolExpr isX = eq(x, num(i));
        // the target
        BoolExpr sharedTarget =
            ctx.mkAnd(
                eq(grp(s, i), ctx.mkITE(ne(grp(t, i), num(0)), grp(t, i), fresh.get(t))),
                eq(mas(s, i), mas(t, i)),
                rules == Rules.SHARED_KEEPS_UNBINDABLE
                    ? eq(unb(s, i), unb(t, i))
                    : ctx.mkNot(unb(s, i)));
        BoolExpr otherTarget =
            ctx.mkAnd(
                eq(grp(s, i), num(0)),
                eq(mas(s, i), ctx.mkITE(makeSlave, dst, num(0))),
                eq(unb(s, i), ctx.mkITE(makeSlave, unb(t, i), eq(o, num(3)))));
        c.add(ctx.mkImplies(isX, (BoolExpr) ctx.mkITE(makeShared, sharedTarget, otherTarget)));
        // everyone else: only a slave of the target can change, when the target stops being shared
        BoolExpr handedOn =
            ctx.mkAnd(
                ctx.mkNot(makeShared),
                shared,
                eq(mas(t, i), x),
                ctx.mkBool(rules != Rules.SLAVE_KEEPS_SLAVES));
        c.add(
            ctx.mkImplies(
                ctx.mkNot(isX),
                ctx.mkAnd(
                    eq(grp(s, i), grp(t, i)),
                    eq(unb(s, i), unb(t, i)),
                    eq(mas(s, i), ctx.mkITE(handedOn, dst, mas(t, i))))));
      }
      return and(c);
    }

    // ---- counterexamples ----------------------------------------------------------------------

    List<String> describe(Model model, int depth) {
      List<String> out = new ArrayList<>();
      out.add("start: " + state(model, 0));
      for (int t = 0; t < depth; t++) {
        int o = value(model, op.get(t));
        out.add(
            "mount --make-"
                + OPS[o]
                + " m"
                + value(model, tgt.get(t))
                + "  ->  "
                + state(model, t + 1));
        String broken = brokenRule(model, t + 1);
        if (broken != null) {
          out.add("breaks: " + broken);
          break;
        }
      }
      return out;
    }

    private String brokenRule(Model model, int t) {
      if (!holds(model, wellFormed(t))) return "ids in range, no mount its own master";
      if (!holds(model, peersShareMaster(t))) return "peers share their master (§1.6 inv. 3)";
      if (!holds(model, masterIsShared(t))) return "a master is shared (§1.6 inv. 4/5)";
      if (!holds(model, unbindableNotShared(t))) return "unbindable is not shared (§1.6 inv. 8)";
      if (!holds(model, acyclic(t))) return "the propagation graph is acyclic (§1.6 inv. 4)";
      return null;
    }

    private boolean holds(Model model, BoolExpr f) {
      return model.eval(f, true).isTrue();
    }

    private int value(Model model, Expr<?> e) {
      return Integer.parseInt(model.eval(e, true).toString());
    }

    /** One state as "m1 shared:2 master:m3 unbindable, m2 private, ...". */
    private String state(Model model, int t) {
      List<String> parts = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        int g = value(model, grp(t, i));
        int m = value(model, mas(t, i));
        boolean u = model.eval(unb(t, i), true).isTrue();
        StringBuilder sb = new StringBuilder("m" + i);
        if (g != 0) sb.append(" shared:").append(g);
        if (m != 0) sb.append(" master:m").append(m);
        if (u) sb.append(" unbindable");
        if (g == 0 && m == 0 && !u) sb.append(" private");
        parts.add(sb.toString());
      }
      return String.join(", ", parts);
    }
  }
}
