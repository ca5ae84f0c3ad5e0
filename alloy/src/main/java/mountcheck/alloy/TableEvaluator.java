package mountcheck.alloy;

import edu.mit.csail.sdg.alloy4.Err;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.ast.Expr;
import edu.mit.csail.sdg.parser.CompModule;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.A4Tuple;
import edu.mit.csail.sdg.translator.A4TupleSet;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Evaluates the predicates of subtrees.als on one concrete mount table: the table becomes an Alloy
 * instance (one singleton signature per mount, dentry, filesystem and group, and a run whose facts
 * pin every relation), the solver confirms it satisfies the spec's well-formedness facts, and
 * Alloy's evaluator computes receivers, candidates and the result sets on it.
 */
public final class TableEvaluator {
  private final List<MountFact> mounts;
  private final Map<String, String> mountAtom = new LinkedHashMap<>();
  private final Map<String, String> atomMount = new LinkedHashMap<>();
  private final CompModule world;
  private final A4Solution solution;

  private TableEvaluator(TableFacts table, String solver) {
    this.mounts = table.mounts();
    for (int i = 0; i < mounts.size(); i++) {
      mountAtom.put(mounts.get(i).id(), "M_" + i);
      atomMount.put("M_" + i, mounts.get(i).id());
    }
    String text = Spec.bundled("subtrees").text() + "\n" + pinning(table);
    this.world = AlloyRunner.parse(new Spec("subtrees-pinned", text, "subtrees-pinned"));
    Command pinned = null;
    for (Command c : world.getAllCommands()) {
      if (c.label.equals("PinnedTable")) {
        pinned = c;
      }
    }
    A4Options opt = new A4Options();
    opt.solver = Solvers.byId(solver);
    opt.skolemDepth = 1;
    opt.tempDirectory = System.getProperty("java.io.tmpdir");
    this.solution =
        TranslateAlloyToKodkod.execute_command(
            new StatsReporter(), world.getAllReachableSigs(), pinned, opt);
    if (!solution.satisfiable()) {
      throw new IllegalArgumentException(
          "the table violates the well-formedness facts of subtrees.als (§1.6)");
    }
  }

  /** Pins the table with SAT4J. Throws IllegalArgumentException if the table is ill-formed. */
  public static TableEvaluator of(TableFacts table) {
    Solvers.available();
    return new TableEvaluator(table, "sat4j");
  }

  /** Everything the spec says about the table. */
  public TableEvaluation evaluation() {
    Map<String, Set<String>> receivers = new LinkedHashMap<>();
    for (MountFact m : mounts) {
      receivers.put(m.id(), set("receivers[" + mountAtom.get(m.id()) + "]"));
    }
    Set<String> linear = set("{ c: Mount | some m: U | c in linearFound[m] } - U");
    return new TableEvaluation(
        set("U"),
        receivers,
        set("candidates"),
        linear,
        bool("nonShifting[S]"),
        bool("nonRevealing[S]"),
        set("trim2025"),
        set("result2017"),
        set("{ s: Mount | shifts[result2017, s] }"));
  }

  /** Whether a set of mount ids is non-shifting (§3.5). */
  public boolean nonShifting(Set<String> ids) {
    return bool("nonShifting[" + alloySet(ids) + "]");
  }

  /** Whether a set of mount ids is non-revealing (§3.5). */
  public boolean nonRevealing(Set<String> ids) {
    return bool("nonRevealing[" + alloySet(ids) + "]");
  }

  /** Whether a set lies between U and S and is non-shifting and non-revealing. */
  public boolean admissible(Set<String> ids) {
    return bool("admissible[" + alloySet(ids) + "]");
  }

  private String alloySet(Set<String> ids) {
    if (ids.isEmpty()) {
      return "none";
    }
    List<String> atoms = new ArrayList<>();
    for (String id : ids) {
      String a = mountAtom.get(id);
      if (a == null) {
        throw new IllegalArgumentException("unknown mount " + id);
      }
      atoms.add(a);
    }
    return String.join(" + ", atoms);
  }

  private Object eval(String expression) {
    try {
      Expr e = CompUtil.parseOneExpression_fromString(world, expression);
      return solution.eval(e);
    } catch (Err err) {
      throw new IllegalStateException("cannot evaluate " + expression + ": " + err, err);
    }
  }

  private boolean bool(String formula) {
    return (Boolean) eval(formula);
  }

  private Set<String> set(String expression) {
    Set<String> out = new TreeSet<>();
    for (A4Tuple t : (A4TupleSet) eval(expression)) {
      String atom = t.atom(0);
      int dollar = atom.indexOf('$');
      out.add(atomMount.get(dollar < 0 ? atom : atom.substring(0, dollar)));
    }
    return out;
  }

  /** The Alloy text that declares the table's atoms and pins every relation to it. */
  private String pinning(TableFacts table) {
    Map<String, String> fsAtom = new LinkedHashMap<>();
    Map<String, String> groupAtom = new LinkedHashMap<>();
    Map<String, String> dentryAtom = new LinkedHashMap<>(); // key: fs + ":" + path
    for (MountFact m : mounts) {
      fsAtom.putIfAbsent(m.fs(), "F_" + fsAtom.size());
      for (String g : new String[] {m.group(), m.master()}) {
        if (g != null) {
          groupAtom.putIfAbsent(g, "G_" + groupAtom.size());
        }
      }
    }
    Map<String, MountFact> byId = table.byId();
    for (MountFact m : mounts) {
      addDentry(dentryAtom, m.fs(), m.root());
      if (m.parent() != null) {
        addDentry(dentryAtom, byId.get(m.parent()).fs(), m.mountpoint());
      }
    }
    fsAtom.keySet().forEach(fs -> addDentry(dentryAtom, fs, "/"));
    StringBuilder sb = new StringBuilder("\n-- the table, pinned (generated by TableEvaluator)\n");
    declare(sb, mountAtom.values(), "Mount");
    declare(sb, dentryAtom.values(), "Dentry");
    declare(sb, fsAtom.values(), "Fs");
    declare(sb, groupAtom.values(), "Group");
    List<String> fsTop = new ArrayList<>();
    fsAtom.forEach((fs, a) -> fsTop.add(a + " -> " + dentryAtom.get(fs + ":/")));
    List<String> dFs = new ArrayList<>();
    List<String> dUp = new ArrayList<>();
    dentryAtom.forEach(
        (key, a) -> {
          String fs = key.substring(0, key.indexOf(':'));
          String path = key.substring(key.indexOf(':') + 1);
          dFs.add(a + " -> " + fsAtom.get(fs));
          if (!path.equals("/")) {
            dUp.add(a + " -> " + dentryAtom.get(fs + ":" + parentPath(path)));
          }
        });
    List<String> root = new ArrayList<>();
    List<String> parent = new ArrayList<>();
    List<String> mp = new ArrayList<>();
    List<String> group = new ArrayList<>();
    List<String> master = new ArrayList<>();
    List<String> locked = new ArrayList<>();
    List<String> unbindable = new ArrayList<>();
    for (MountFact m : mounts) {
      String a = mountAtom.get(m.id());
      root.add(a + " -> " + dentryAtom.get(m.fs() + ":" + m.root()));
      if (m.parent() != null) {
        parent.add(a + " -> " + mountAtom.get(m.parent()));
        mp.add(a + " -> " + dentryAtom.get(byId.get(m.parent()).fs() + ":" + m.mountpoint()));
      }
      if (m.group() != null) {
        group.add(a + " -> " + groupAtom.get(m.group()));
      }
      if (m.master() != null) {
        master.add(a + " -> " + groupAtom.get(m.master()));
      }
      if (m.locked()) {
        locked.add(a);
      }
      if (m.unbindable()) {
        unbindable.add(a);
      }
    }
    sb.append("pred pinnedTable {\n");
    pin(sb, "Mount", new ArrayList<>(mountAtom.values()));
    pin(sb, "Dentry", new ArrayList<>(dentryAtom.values()));
    pin(sb, "Fs", new ArrayList<>(fsAtom.values()));
    pin(sb, "Group", new ArrayList<>(groupAtom.values()));
    pin(sb, "Fs <: top", fsTop);
    pin(sb, "Dentry <: fs", dFs);
    pin(sb, "up", dUp);
    pin(sb, "root", root);
    pin(sb, "parent", parent);
    pin(sb, "mp", mp);
    pin(sb, "Mount <: group", group);
    pin(sb, "master", master);
    pin(sb, "Locked", locked);
    pin(sb, "Unbindable", unbindable);
    sb.append("  Umount.(Umount <: top) = ").append(mountAtom.get(table.umountTop())).append('\n');
    sb.append("}\n");
    int n =
        Math.max(
            Math.max(mountAtom.size(), dentryAtom.size()),
            Math.max(fsAtom.size(), groupAtom.size()));
    sb.append("run PinnedTable { pinnedTable } for ").append(Math.max(n, 1)).append('\n');
    return sb.toString();
  }

  private static void addDentry(Map<String, String> atoms, String fs, String path) {
    if (atoms.containsKey(fs + ":" + path)) {
      return;
    }
    if (!path.equals("/")) {
      addDentry(atoms, fs, parentPath(path));
    }
    atoms.put(fs + ":" + path, "D_" + atoms.size());
  }

  private static String parentPath(String path) {
    int slash = path.lastIndexOf('/');
    return slash <= 0 ? "/" : path.substring(0, slash);
  }

  private static void declare(StringBuilder sb, Iterable<String> atoms, String sig) {
    Set<String> list = new LinkedHashSet<>();
    atoms.forEach(list::add);
    if (!list.isEmpty()) {
      sb.append("one sig ")
          .append(String.join(", ", list))
          .append(" extends ")
          .append(sig)
          .append(" {}\n");
    }
  }

  private static void pin(StringBuilder sb, String relation, List<String> tuples) {
    sb.append("  ");
    if (tuples.isEmpty()) {
      sb.append("no ").append(relation);
    } else {
      sb.append(relation).append(" = ").append(String.join(" + ", tuples));
    }
    sb.append('\n');
  }
}
