package mountcheck.alloy;

import edu.mit.csail.sdg.ast.Module;
import edu.mit.csail.sdg.ast.Sig;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.A4Tuple;
import edu.mit.csail.sdg.translator.A4TupleSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Reads a {@link TableFacts} mount table out of an instance of subtrees.als. */
final class InstanceTables {
  private InstanceTables() {}

  /** True when the module declares the signatures of subtrees.als. */
  static boolean isMountTable(Module world) {
    return find(world, "Mount") != null
        && find(world, "Dentry") != null
        && find(world, "Umount") != null
        && find(world, "Fs") != null;
  }

  static TableFacts fromSolution(A4Solution sol, Module world) {
    Map<String, String> up = pairs(sol, world, "Dentry", "up");
    Map<String, String> dentryFs = pairs(sol, world, "Dentry", "fs");
    Map<String, String> parent = pairs(sol, world, "Mount", "parent");
    Map<String, String> mp = pairs(sol, world, "Mount", "mp");
    Map<String, String> root = pairs(sol, world, "Mount", "root");
    Map<String, String> group = pairs(sol, world, "Mount", "group");
    Map<String, String> master = pairs(sol, world, "Mount", "master");
    Set<String> locked = atoms(sol, world, "Locked");
    Set<String> unbindable = atoms(sol, world, "Unbindable");
    String top = pairs(sol, world, "Umount", "top").values().iterator().next();
    List<MountFact> mounts = new ArrayList<>();
    for (String m : atoms(sol, world, "Mount")) {
      String r = root.get(m);
      mounts.add(
          new MountFact(
              short_(m),
              short_(dentryFs.get(r)),
              path(r, up),
              parent.containsKey(m) ? short_(parent.get(m)) : null,
              mp.containsKey(m) ? path(mp.get(m), up) : null,
              group.containsKey(m) ? short_(group.get(m)) : null,
              master.containsKey(m) ? short_(master.get(m)) : null,
              locked.contains(m),
              unbindable.contains(m)));
    }
    return new TableFacts(mounts, short_(top));
  }

  /** What the spec says about the instance's umount, one comment line per set. */
  static List<String> verdicts(A4Solution sol, Module world) {
    List<String> lines = new ArrayList<>();
    String[][] sets = {
      {"U (umount target and subtree)", "U"},
      {"candidates", "candidates"},
      {"2025 rule takes out (maximal non-shifting, non-revealing)", "trim2025"},
      {"2017 rule takes out", "result2017"},
      {
        "2017 rule moves visibly (reparented to another place)",
        "{ s: Mount | shifts[result2017, s] }"
      }
    };
    for (String[] s : sets) {
      Set<String> ids = new TreeSet<>();
      for (A4Tuple t : (A4TupleSet) sol.eval(CompUtil.parseOneExpression_fromString(world, s[1]))) {
        ids.add(short_(t.atom(0)));
      }
      lines.add(s[0] + ": " + (ids.isEmpty() ? "(none)" : String.join(" ", ids)));
    }
    return lines;
  }

  /** {@code Mount$3} becomes {@code m3}, {@code Dentry$0} becomes {@code d0}. */
  static String short_(String atom) {
    int dollar = atom.indexOf('$');
    String sig = dollar < 0 ? atom : atom.substring(0, dollar);
    String n = dollar < 0 ? "" : atom.substring(dollar + 1);
    return Character.toLowerCase(sig.charAt(0)) + n;
  }

  private static String path(String dentry, Map<String, String> up) {
    StringBuilder sb = new StringBuilder();
    String d = dentry;
    for (int guard = 0; up.containsKey(d); guard++) {
      if (guard > up.size()) {
        throw new IllegalStateException("directory cycle at " + dentry);
      }
      sb.insert(0, "/" + short_(d));
      d = up.get(d);
    }
    return sb.length() == 0 ? "/" : sb.toString();
  }

  private static Sig find(Module world, String name) {
    for (Sig s : world.getAllReachableUserDefinedSigs()) {
      if (s.label.equals("this/" + name)) {
        return s;
      }
    }
    return null;
  }

  private static Set<String> atoms(A4Solution sol, Module world, String sig) {
    Set<String> out = new TreeSet<>();
    for (A4Tuple t : sol.eval(find(world, sig))) {
      out.add(t.atom(0));
    }
    return out;
  }

  private static Map<String, String> pairs(A4Solution sol, Module world, String sig, String field) {
    Map<String, String> out = new HashMap<>();
    for (Sig.Field f : find(world, sig).getFields()) {
      if (f.label.equals(field)) {
        for (A4Tuple t : sol.eval(f)) {
          out.put(t.atom(0), t.atom(1));
        }
      }
    }
    return out;
  }
}
