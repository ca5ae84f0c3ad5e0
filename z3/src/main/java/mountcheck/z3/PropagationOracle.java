package mountcheck.z3;

import com.microsoft.z3.BoolSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FiniteDomainNum;
import com.microsoft.z3.Fixedpoint;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Params;
import com.microsoft.z3.Sort;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import mountcheck.model.semantics.MountTableGraph;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.MountGraph;

/**
 * A Datalog oracle for propagation and for the 2025 umount rule, run by Z3's fixedpoint engine
 * ({@code engine=datalog}, which needs finite-domain sorts). It restates, as rules over facts, what
 * {@code mountcheck.model.umount.Receivers} and {@code ReferenceUmount2025} compute imperatively
 * (fs/pnode.c propagation_next() and propagate_umount() of mainline f0d0ba19985d, Linux 6.17), so
 * the two can be cross-checked.
 *
 * <p>Sorts: {@code M} (mounts, by id; 0 is never a fact), {@code D} (dentries, dense indexes of the
 * dentries the mounts name and their ancestors), {@code G} (peer group ids). Facts:
 *
 * <pre>
 *   mount(m)          m is live               group(m, g)     m is in peer group g (g != 0)
 *   parent(c, p)      c is attached to p      master(s, m)    s is a slave of m
 *   mountpoint(c, d)  c is attached at d      locked(m)       MNT_LOCKED
 *   root(m, d)        m's root dentry         dparent(d, e)   e is d's parent directory
 *   same(m, m)        identity on mounts      inU(m)          m is in U (per umount query)
 * </pre>
 *
 * Rules (negation only on relations of lower strata):
 *
 * <pre>
 *   peer(a, b)       :- group(a, g), group(b, g).
 *   member(o, o)     :- mount(o).                       member(o, x) :- peer(o, x).
 *   down(o, x)       :- member(o, x).
 *   down(o, y)       :- down(o, x), master(s, x), member(s, y).
 *   receiver(o, x)   :- down(o, x), not same(o, x).                             (a) Receivers(o)
 *   under(d, d)      :- dentry(d).                      under(d, a) :- dparent(d, e), under(e, a).
 *   copyTarget(o, d, r) :- receiver(o, r), root(r, e), under(d, e).   (§2.5 need_secondary)
 *
 *   lookupHit(c)     :- inU(m), parent(m, p), mountpoint(m, d), receiver(p, r),
 *                       parent(c, r), mountpoint(c, d).
 *   candidate(c)     :- lookupHit(c), not inU(c).                               (b)
 *   inSet(x)         :- inU(x).                         inSet(x) :- candidate(x).
 *   holdsOutsider(x) :- mount(x), not inSet(x).
 *   holdsOutsider(x) :- parent(c, x), holdsOutsider(c).
 *   onRoot(c)        :- parent(c, p), mountpoint(c, d), root(p, d).
 *   shifting(x)      :- candidate(x), parent(c, x), not onRoot(c), holdsOutsider(c).
 *   kept(x)          :- candidate(x), not shifting(x).
 *   alive(x)         :- inU(x).                         alive(x) :- kept(x).
 *   revealing(c)     :- kept(c), locked(c), parent(c, p), not alive(p).
 *   revealing(c)     :- kept(c), locked(c), parent(c, p), revealing(p).
 *   victim(x)        :- inU(x).                         victim(x) :- kept(x), not revealing(x). (c)
 * </pre>
 *
 * <p>Each query builds a fresh fixedpoint (facts cannot be retracted), so U can vary. Answers are
 * read back from {@code getAnswer()}, a disjunction of conjunctions of {@code (= (:var i) k)}.
 * Holds a Z3 {@link Context}: not thread-safe, and must be closed.
 */
public final class PropagationOracle implements AutoCloseable {
  private final Context ctx = new Context();
  private final Facts facts;
  private Map<Integer, Set<Integer>> receivers; // computed on first use

  /** The relations extracted from a state, in ids (mounts, groups) and dense dentry indexes. */
  private record Facts(
      List<Integer> mounts,
      Map<Integer, Integer> parent,
      Map<Integer, Integer> mountpoint,
      Map<Integer, Integer> root,
      Map<Integer, Integer> group,
      Map<Integer, Integer> master,
      Set<Integer> locked,
      Map<Integer, Integer> dentryIndex, // dentry id -> dense index
      int[] dentryParent, // index = dense dentry, -1 = none
      int mountSortSize,
      int groupSortSize) {}

  private PropagationOracle(Facts facts) {
    this.facts = facts;
  }

  /** The oracle for every live mount of a model state, with its directory tree. */
  public static PropagationOracle of(MountTable table) {
    MountTableGraph g = new MountTableGraph(table);
    Map<Integer, Integer> dense = new HashMap<>();
    List<Integer> dentryIds = new ArrayList<>();
    for (int m : table.mountIds()) {
      denseDentry(table, g.root(m), dense, dentryIds);
      denseDentry(table, g.mountpoint(m), dense, dentryIds);
    }
    int[] dparent = new int[dentryIds.size()];
    for (int i = 0; i < dparent.length; i++) {
      int p = table.dentry(dentryIds.get(i)).parent();
      dparent[i] = p == 0 ? -1 : dense.get(p);
    }
    return new PropagationOracle(extract(g, table.mountIds(), dense, dparent));
  }

  /**
   * The oracle for the given mounts of a graph. Dentries are only known by id here, so each is its
   * own directory tree: {@link #copyTargets} then asks for an exact root match.
   */
  public static PropagationOracle of(MountGraph g, Collection<Integer> mounts) {
    Map<Integer, Integer> dense = new HashMap<>();
    for (int m : mounts) {
      dense.putIfAbsent(g.root(m), dense.size());
      dense.putIfAbsent(g.mountpoint(m), dense.size());
    }
    int[] dparent = new int[dense.size()];
    Arrays.fill(dparent, -1);
    return new PropagationOracle(extract(g, mounts, dense, dparent));
  }

  private static void denseDentry(
      MountTable t, int d, Map<Integer, Integer> dense, List<Integer> ids) {
    while (d != 0 && !dense.containsKey(d)) {
      dense.put(d, ids.size());
      ids.add(d);
      Dentry dentry = t.dentry(d);
      d = dentry.parent();
    }
  }

  private static Facts extract(
      MountGraph g, Collection<Integer> mounts, Map<Integer, Integer> dentryIndex, int[] dparent) {
    List<Integer> ids = new ArrayList<>(new TreeSet<>(mounts));
    Map<Integer, Integer> parent = new HashMap<>();
    Map<Integer, Integer> mountpoint = new HashMap<>();
    Map<Integer, Integer> root = new HashMap<>();
    Map<Integer, Integer> group = new HashMap<>();
    Map<Integer, Integer> master = new HashMap<>();
    Set<Integer> locked = new HashSet<>();
    int maxMount = 0;
    int maxGroup = 0;
    for (int m : ids) {
      maxMount = Math.max(maxMount, m);
      root.put(m, dentryIndex.get(g.root(m)));
      if (g.parent(m) != MountGraph.NONE) {
        parent.put(m, g.parent(m));
        mountpoint.put(m, dentryIndex.get(g.mountpoint(m)));
      }
      if (g.group(m) != 0) {
        group.put(m, g.group(m));
        maxGroup = Math.max(maxGroup, g.group(m));
      }
      if (g.master(m) != MountGraph.NONE) master.put(m, g.master(m));
      if (g.locked(m)) locked.add(m);
    }
    return new Facts(
        ids,
        parent,
        mountpoint,
        root,
        group,
        master,
        locked,
        Map.copyOf(dentryIndex),
        dparent,
        maxMount + 1,
        maxGroup + 1);
  }

  /** Receivers(p) for every live mount p. */
  public Map<Integer, Set<Integer>> receivers() {
    if (receivers == null) {
      Program prog = new Program(Set.of());
      Map<Integer, Set<Integer>> out = new HashMap<>();
      for (int m : facts.mounts) out.put(m, new TreeSet<>());
      for (int[] t : prog.answer(prog.receiver, 2)) out.get(t[0]).add(t[1]);
      receivers = out;
    }
    return receivers;
  }

  /** Receivers(p): every peer of p but p, and everything downstream of p's group. */
  public Set<Integer> receivers(int p) {
    return receivers().get(p);
  }

  /**
   * The receivers of {@code dest} that would get a propagated copy of a mount made on {@code
   * dentry} of {@code dest}: those whose root is {@code dentry} or one of its ancestors (§2.5
   * need_secondary; new and anonymous-namespace mounts do not occur in the model's states).
   *
   * @param dentry a dentry id that some mount's root or mountpoint names, or an ancestor of one
   */
  public Set<Integer> copyTargets(int dest, int dentry) {
    Integer d = facts.dentryIndex.get(dentry);
    if (d == null)
      throw new IllegalArgumentException("dentry " + dentry + " is not in the encoding");
    Program prog = new Program(Set.of());
    Set<Integer> out = new TreeSet<>();
    for (int[] t : prog.answer(prog.copyTarget, 3)) if (t[0] == dest && t[1] == d) out.add(t[2]);
    return out;
  }

  /** Candidates and victims of one U, from one fixedpoint. */
  public record UmountAnswer(Set<Integer> candidates, Set<Integer> victims) {}

  /** {@link #candidates} and {@link #victims} of U in one solve. */
  public UmountAnswer umount(Collection<Integer> u) {
    Program prog = new Program(Set.copyOf(u));
    return new UmountAnswer(prog.unary(prog.candidate), prog.unary(prog.victim));
  }

  /**
   * The umount candidates of U: mounts at (r, m.mountpoint), m in U, r in Receivers(m.parent),
   * minus U.
   */
  public Set<Integer> candidates(Collection<Integer> u) {
    Program prog = new Program(Set.copyOf(u));
    return prog.unary(prog.candidate);
  }

  /** The 2025 victims of U: U and the maximal non-shifting, non-revealing set of candidates. */
  public Set<Integer> victims(Collection<Integer> u) {
    Program prog = new Program(Set.copyOf(u));
    return prog.unary(prog.victim);
  }

  @Override
  public void close() {
    ctx.close();
  }

  /** One fixedpoint: the declarations, the rules, the facts of the state and of one U. */
  private final class Program {
    private final Fixedpoint fp = ctx.mkFixedpoint();
    private final Sort mSort = ctx.mkFiniteDomainSort("M", facts.mountSortSize);
    private final Sort dSort = ctx.mkFiniteDomainSort("D", Math.max(1, facts.dentryParent.length));
    private final Sort gSort = ctx.mkFiniteDomainSort("G", facts.groupSortSize);
    private int ruleCount;

    // facts
    final FuncDecl<BoolSort> mount = rel("mount", mSort);
    final FuncDecl<BoolSort> dentry = rel("dentry", dSort);
    final FuncDecl<BoolSort> parent = rel("parent", mSort, mSort);
    final FuncDecl<BoolSort> mountpoint = rel("mountpoint", mSort, dSort);
    final FuncDecl<BoolSort> root = rel("root", mSort, dSort);
    final FuncDecl<BoolSort> group = rel("group", mSort, gSort);
    final FuncDecl<BoolSort> master = rel("master", mSort, mSort);
    final FuncDecl<BoolSort> locked = rel("locked", mSort);
    final FuncDecl<BoolSort> dparent = rel("dparent", dSort, dSort);
    final FuncDecl<BoolSort> same = rel("same", mSort, mSort);
    final FuncDecl<BoolSort> inU = rel("inU", mSort);
    // derived
    final FuncDecl<BoolSort> peer = rel("peer", mSort, mSort);
    final FuncDecl<BoolSort> member = rel("member", mSort, mSort);
    final FuncDecl<BoolSort> down = rel("down", mSort, mSort);
    final FuncDecl<BoolSort> receiver = rel("receiver", mSort, mSort);
    final FuncDecl<BoolSort> under = rel("under", dSort, dSort);
    final FuncDecl<BoolSort> copyTarget = rel("copyTarget", mSort, dSort, mSort);
    final FuncDecl<BoolSort> lookupHit = rel("lookupHit", mSort);
    final FuncDecl<BoolSort> candidate = rel("candidate", mSort);
    final FuncDecl<BoolSort> inSet = rel("inSet", mSort);
    final FuncDecl<BoolSort> holdsOutsider = rel("holdsOutsider", mSort);
    final FuncDecl<BoolSort> onRoot = rel("onRoot", mSort);
    final FuncDecl<BoolSort> shifting = rel("shifting", mSort);
    final FuncDecl<BoolSort> kept = rel("kept", mSort);
    final FuncDecl<BoolSort> alive = rel("alive", mSort);
    final FuncDecl<BoolSort> revealing = rel("revealing", mSort);
    final FuncDecl<BoolSort> victim = rel("victim", mSort);

    Program(Set<Integer> u) {
      Params p = ctx.mkParams();
      p.add("engine", "datalog");
      fp.setParameters(p);
      addRules();
      addFacts(u);
    }

    private FuncDecl<BoolSort> rel(String name, Sort... args) {
      FuncDecl<BoolSort> f = ctx.mkFuncDecl(name, args, ctx.getBoolSort());
      fp.registerRelation(f);
      return f;
    }

    private Expr<?> var(String name, Sort s) {
      return ctx.mkConst(name, s);
    }

    /** head :- body, universally closed over the variables. */
    @SafeVarargs
    @SuppressWarnings("varargs")
    private void rule(Expr<?>[] vars, Expr<BoolSort> head, Expr<BoolSort>... body) {
      Expr<BoolSort> implication = body.length == 0 ? head : ctx.mkImplies(ctx.mkAnd(body), head);
      Expr<BoolSort> closed =
          vars.length == 0
              ? implication
              : ctx.mkForall(vars, implication, 1, null, null, null, null);
      fp.addRule(closed, ctx.mkSymbol("r" + ruleCount++));
    }

    private Expr<BoolSort> not(Expr<BoolSort> e) {
      return ctx.mkNot(e);
    }

    private void addRules() {
      Expr<?> a = var("a", mSort), b = var("b", mSort), c = var("c", mSort), o = var("o", mSort);
      Expr<?> x = var("x", mSort), y = var("y", mSort), s = var("s", mSort), r = var("r", mSort);
      Expr<?> m = var("m", mSort), pm = var("p", mSort);
      Expr<?> g = var("g", gSort);
      Expr<?> d = var("d", dSort), e = var("e", dSort), anc = var("anc", dSort);

      // (a) Receivers
      rule(new Expr<?>[] {a, b, g}, peer.apply(a, b), group.apply(a, g), group.apply(b, g));
      rule(new Expr<?>[] {o}, member.apply(o, o), mount.apply(o));
      rule(new Expr<?>[] {o, x}, member.apply(o, x), peer.apply(o, x));
      rule(new Expr<?>[] {o, x}, down.apply(o, x), member.apply(o, x));
      rule(
          new Expr<?>[] {o, x, s, y},
          down.apply(o, y),
          down.apply(o, x),
          master.apply(s, x),
          member.apply(s, y));
      rule(new Expr<?>[] {o, x}, receiver.apply(o, x), down.apply(o, x), not(same.apply(o, x)));
      // which receivers get a propagated copy: the mountpoint lies at or below their root
      rule(new Expr<?>[] {d}, under.apply(d, d), dentry.apply(d));
      rule(
          new Expr<?>[] {d, e, anc}, under.apply(d, anc), dparent.apply(d, e), under.apply(e, anc));
      rule(
          new Expr<?>[] {o, d, r, e},
          copyTarget.apply(o, d, r),
          receiver.apply(o, r),
          root.apply(r, e),
          under.apply(d, e));

      // (b) candidates
      rule(
          new Expr<?>[] {m, pm, d, r, c},
          lookupHit.apply(c),
          inU.apply(m),
          parent.apply(m, pm),
          mountpoint.apply(m, d),
          receiver.apply(pm, r),
          parent.apply(c, r),
          mountpoint.apply(c, d));
      rule(new Expr<?>[] {c}, candidate.apply(c), lookupHit.apply(c), not(inU.apply(c)));

      // (c) the 2025 victims
      rule(new Expr<?>[] {x}, inSet.apply(x), inU.apply(x));
      rule(new Expr<?>[] {x}, inSet.apply(x), candidate.apply(x));
      rule(new Expr<?>[] {x}, holdsOutsider.apply(x), mount.apply(x), not(inSet.apply(x)));
      rule(
          new Expr<?>[] {x, c}, holdsOutsider.apply(x), parent.apply(c, x), holdsOutsider.apply(c));
      rule(
          new Expr<?>[] {c, pm, d},
          onRoot.apply(c),
          parent.apply(c, pm),
          mountpoint.apply(c, d),
          root.apply(pm, d));
      rule(
          new Expr<?>[] {x, c},
          shifting.apply(x),
          candidate.apply(x),
          parent.apply(c, x),
          not(onRoot.apply(c)),
          holdsOutsider.apply(c));
      rule(new Expr<?>[] {x}, kept.apply(x), candidate.apply(x), not(shifting.apply(x)));
      rule(new Expr<?>[] {x}, alive.apply(x), inU.apply(x));
      rule(new Expr<?>[] {x}, alive.apply(x), kept.apply(x));
      rule(
          new Expr<?>[] {c, pm},
          revealing.apply(c),
          kept.apply(c),
          locked.apply(c),
          parent.apply(c, pm),
          not(alive.apply(pm)));
      rule(
          new Expr<?>[] {c, pm},
          revealing.apply(c),
          kept.apply(c),
          locked.apply(c),
          parent.apply(c, pm),
          revealing.apply(pm));
      rule(new Expr<?>[] {x}, victim.apply(x), inU.apply(x));
      rule(new Expr<?>[] {x}, victim.apply(x), kept.apply(x), not(revealing.apply(x)));
    }

    private void addFacts(Set<Integer> u) {
      for (int m : facts.mounts) {
        fp.addFact(mount, m);
        fp.addFact(same, m, m);
        fp.addFact(root, m, facts.root.get(m));
        if (facts.parent.containsKey(m)) {
          fp.addFact(parent, m, facts.parent.get(m));
          fp.addFact(mountpoint, m, facts.mountpoint.get(m));
        }
        if (facts.group.containsKey(m)) fp.addFact(group, m, facts.group.get(m));
        if (facts.master.containsKey(m)) fp.addFact(master, m, facts.master.get(m));
        if (facts.locked.contains(m)) fp.addFact(locked, m);
      }
      for (int d = 0; d < facts.dentryParent.length; d++) {
        fp.addFact(dentry, d);
        if (facts.dentryParent[d] >= 0) fp.addFact(dparent, d, facts.dentryParent[d]);
      }
      for (int m : u) {
        if (!facts.mounts.contains(m)) throw new IllegalArgumentException("no live mount " + m);
        fp.addFact(inU, m);
      }
    }

    Set<Integer> unary(FuncDecl<BoolSort> relation) {
      Set<Integer> out = new TreeSet<>();
      for (int[] t : answer(relation, 1)) out.add(t[0]);
      return out;
    }

    /** Every tuple of a derived relation. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    List<int[]> answer(FuncDecl<BoolSort> relation, int arity) {
      Status st = fp.query(new FuncDecl[] {relation});
      List<int[]> out = new ArrayList<>();
      if (st == Status.UNSATISFIABLE) return out;
      if (st != Status.SATISFIABLE)
        throw new IllegalStateException("fixedpoint: " + st + " " + fp.getReasonUnknown());
      Expr<?> ans = fp.getAnswer();
      Set<List<Integer>> tuples = new LinkedHashSet<>();
      if (ans.isOr()) for (Expr<?> disjunct : ans.getArgs()) tuples.add(tuple(disjunct, arity));
      else if (!ans.isFalse()) tuples.add(tuple(ans, arity));
      for (List<Integer> t : tuples) out.add(t.stream().mapToInt(Integer::intValue).toArray());
      return out;
    }

    /** One conjunction {@code (and (= (:var 0) k0) (= (:var 1) k1) ...)} as a tuple. */
    private List<Integer> tuple(Expr<?> conj, int arity) {
      Expr<?>[] eqs = conj.isAnd() ? conj.getArgs() : new Expr<?>[] {conj};
      Integer[] t = new Integer[arity];
      for (Expr<?> eq : eqs) {
        if (!eq.isEq()) throw new IllegalStateException("unexpected answer shape: " + conj);
        Expr<?> l = eq.getArgs()[0], r = eq.getArgs()[1];
        Expr<?> v = l.isVar() ? l : r, k = l.isVar() ? r : l;
        if (!v.isVar() || !(k instanceof FiniteDomainNum<?> num))
          throw new IllegalStateException("unexpected answer shape: " + conj);
        t[v.getIndex()] = num.getInt();
      }
      for (Integer i : t)
        if (i == null) throw new IllegalStateException("unbound column in answer: " + conj);
      return List.of(t);
    }
  }
}
