package mountcheck.properties.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.properties.engine.ShrinkLimits;
import mountcheck.properties.engine.ValueShrinker;

/**
 * Scenario-level shrinking, after choice-sequence shrinking: greedy rewrites of a failing scenario,
 * each kept only when the scenario still fails and its {@link ScenarioSize} drops, repeated to a
 * fixpoint or until the time or step limit. Rewrites, in order:
 *
 * <ul>
 *   <li>drop spans of commands, halving the span size down to single commands;
 *   <li>drop every command that names a given directory or a path below it;
 *   <li>fold a {@code mkdir -p} into an earlier one;
 *   <li>plain forms: {@code --rbind} to {@code --bind}, {@code umount -l} to {@code umount}, {@code
 *       --make-rX} to {@code --make-X}, {@code unshare -Urm} to {@code unshare -m}, no {@code
 *       --propagation} option;
 *   <li>drop paths from {@code mkdir -p} lists;
 *   <li>drop a directory from every path at once ({@code /mnt/a/b/c} to {@code /mnt/a/c}, {@code
 *       /mnt/a/b} to {@code /mnt/a});
 *   <li>replace one path of one command by its parent;
 *   <li>merge tmpfs source labels; rename directories and labels to one-letter names;
 *   <li>only when nothing else helps: drop two commands that are not next to each other.
 * </ul>
 */
public final class ScenarioShrinker implements ValueShrinker<Scenario> {
  /** The directory below which scenario paths live; it is never dropped. */
  public static final String BASE = "/mnt";

  private static final String[] SHORT_NAMES = {
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t", "u", "v", "w", "x", "y", "z"
  };

  @Override
  public Scenario shrink(
      Scenario failing, Predicate<? super Scenario> stillFails, ShrinkLimits limits) {
    Run run = new Run(failing.name(), failing.operations(), stillFails, limits);
    run.toFixpoint();
    return Scenario.of(failing.name(), run.current);
  }

  /** One shrinking run: the current smallest failing scenario and the effort spent. */
  private static final class Run {
    final String name;
    final Predicate<? super Scenario> stillFails;
    final long deadline;
    final int maxSteps;
    final Set<List<Operation>> seen = new HashSet<>();
    List<Operation> current;
    ScenarioSize size;
    int steps;
    boolean stopped;

    Run(
        String name,
        List<Operation> start,
        Predicate<? super Scenario> stillFails,
        ShrinkLimits limits) {
      this.name = name;
      this.current = List.copyOf(start);
      this.size = ScenarioSize.of(current);
      this.stillFails = stillFails;
      this.deadline = limits.deadlineFromNow();
      this.maxSteps = limits.maxSteps();
    }

    void toFixpoint() {
      boolean changed = true;
      while (changed && !stopped) {
        changed = dropCommands();
        changed |= dropByDirectory();
        changed |= mergeMkdirs();
        changed |= plainForms();
        changed |= dropMkdirPaths();
        changed |= dropDirectories();
        changed |= shortenOnePath();
        changed |= mergeLabels();
        changed |= renameDirectories();
        changed |= renameLabels();
        if (!changed) changed = dropPairs();
      }
    }

    boolean consider(List<Operation> candidate) {
      if (stopped) return false;
      ScenarioSize s = ScenarioSize.of(candidate);
      if (s.compareTo(size) >= 0 || !seen.add(candidate)) return false;
      if (steps >= maxSteps || System.nanoTime() - deadline > 0) {
        stopped = true;
        return false;
      }
      steps++;
      if (!stillFails.test(Scenario.of(name, candidate))) return false;
      current = List.copyOf(candidate);
      size = s;
      return true;
    }

    boolean dropCommands() {
      boolean changed = false;
      int k = Integer.highestOneBit(Math.max(1, current.size() / 2));
      for (; k >= 1 && !stopped; k /= 2) {
        for (int i = current.size() - k; i >= 0 && !stopped; i--) {
          if (i + k > current.size()) continue;
          List<Operation> c = new ArrayList<>(current.subList(0, i));
          c.addAll(current.subList(i + k, current.size()));
          changed |= consider(c);
        }
      }
      return changed;
    }

    boolean plainForms() {
      boolean changed = false;
      for (int i = 0; i < current.size() && !stopped; i++) {
        for (Operation plain : plainer(current.get(i))) {
          if (consider(replace(i, plain))) {
            changed = true;
            break;
          }
        }
      }
      return changed;
    }

    private static List<Operation> plainer(Operation op) {
      List<Operation> out = new ArrayList<>();
      if (op instanceof Bind b && b.recursive()) out.add(new Bind(b.source(), b.target(), false));
      if (op instanceof Umount u && u.lazy()) out.add(new Umount(u.target(), false));
      if (op instanceof ChangeType c && c.recursive()) {
        out.add(new ChangeType(c.type(), false, c.target()));
      }
      if (op instanceof Unshare u) {
        if (u.newUserNamespace()) out.add(new Unshare(false, u.propagation()));
        if (u.propagation() != Unshare.NamespacePropagation.PRIVATE) {
          out.add(new Unshare(u.newUserNamespace(), Unshare.NamespacePropagation.PRIVATE));
        }
      }
      if (op instanceof PersistNamespace p) {
        if (p.newUserNamespace()) out.add(new PersistNamespace(false, p.propagation(), p.file()));
        if (p.propagation() != Unshare.NamespacePropagation.PRIVATE)
          out.add(
              new PersistNamespace(
                  p.newUserNamespace(), Unshare.NamespacePropagation.PRIVATE, p.file()));
      }
      if (op instanceof RemoveDirs r && r.paths().size() > 1) {
        // rmdir A B -> rmdir A, rmdir B: one path less at a time
        for (int j = r.paths().size() - 1; j >= 0; j--) {
          List<String> fewer = new ArrayList<>(r.paths());
          fewer.remove(j);
          out.add(new RemoveDirs(fewer));
        }
      }
      if (op instanceof Nsenter n) {
        for (Operation inner : plainer(n.command())) out.add(new Nsenter(n.file(), inner));
        out.add(n.command()); // the same command in the shell's own namespace
      }
      return out;
    }

    /**
     * Drops every command that names a directory or anything below it (mkdir lists lose just those
     * paths): the commands that build one part of the tree go together.
     */
    boolean dropByDirectory() {
      boolean changed = false;
      for (String dir : ScenarioPaths.directoriesBelow(current, BASE)) {
        if (stopped) break;
        List<Operation> c = new ArrayList<>();
        for (Operation op : current) {
          if (op instanceof MakeDirs m) {
            List<String> kept = new ArrayList<>();
            for (String p : m.paths()) if (!ScenarioPaths.isAtOrBelow(p, dir)) kept.add(p);
            if (!kept.isEmpty()) c.add(kept.size() == m.paths().size() ? m : new MakeDirs(kept));
          } else if (ScenarioPaths.paths(op).stream()
              .noneMatch(p -> ScenarioPaths.isAtOrBelow(p, dir))) {
            c.add(op);
          }
        }
        changed |= consider(c);
      }
      return changed;
    }

    /** Drops two commands that are not next to each other; tried only when all else is stuck. */
    boolean dropPairs() {
      for (int i = 0; i < current.size() && !stopped; i++) {
        for (int j = i + 2; j < current.size() && !stopped; j++) {
          List<Operation> c = new ArrayList<>(current);
          c.remove(j);
          c.remove(i);
          if (consider(c)) return true;
        }
      }
      return false;
    }

    /** Folds a later {@code mkdir -p} into an earlier one: one command fewer. */
    boolean mergeMkdirs() {
      boolean changed = false;
      for (int j = current.size() - 1; j > 0 && !stopped; j--) {
        if (j >= current.size() || !(current.get(j) instanceof MakeDirs later)) continue;
        for (int i = j - 1; i >= 0 && !stopped; i--) {
          if (!(current.get(i) instanceof MakeDirs earlier)) continue;
          LinkedHashSet<String> paths = new LinkedHashSet<>(earlier.paths());
          paths.addAll(later.paths());
          List<Operation> c = new ArrayList<>(current);
          c.set(i, new MakeDirs(new ArrayList<>(paths)));
          c.remove(j);
          if (consider(c)) {
            changed = true;
            break;
          }
        }
      }
      return changed;
    }

    /** Replaces one path of one command by its parent, leaving every other path alone. */
    boolean shortenOnePath() {
      boolean changed = false;
      for (int i = 0; i < current.size() && !stopped; i++) {
        int n = ScenarioPaths.paths(current.get(i)).size();
        for (int k = 0; k < n && !stopped && i < current.size(); k++) {
          List<String> paths = ScenarioPaths.paths(current.get(i));
          if (k >= paths.size() || !paths.get(k).startsWith(BASE + "/")) continue;
          int at = k;
          int[] seen = {0};
          Operation shorter =
              ScenarioPaths.mapPaths(
                  current.get(i), p -> seen[0]++ == at ? ScenarioPaths.parent(p) : p);
          changed |= consider(replace(i, shorter));
        }
      }
      return changed;
    }

    boolean dropMkdirPaths() {
      boolean changed = false;
      for (int i = 0; i < current.size() && !stopped; i++) {
        if (!(current.get(i) instanceof MakeDirs m) || m.paths().size() < 2) continue;
        for (int j = m.paths().size() - 1; j >= 0 && !stopped; j--) {
          if (!(current.get(i) instanceof MakeDirs now) || j >= now.paths().size()) break;
          if (now.paths().size() < 2) break;
          List<String> fewer = new ArrayList<>(now.paths());
          fewer.remove(j);
          changed |= consider(replace(i, new MakeDirs(fewer)));
        }
      }
      return changed;
    }

    boolean dropDirectories() {
      boolean changed = false;
      for (String dir : ScenarioPaths.directoriesBelow(current, BASE)) {
        if (stopped) break;
        String parent = ScenarioPaths.parent(dir);
        changed |= consider(mapAll(p -> ScenarioPaths.replacePrefix(p, dir, parent)));
      }
      return changed;
    }

    boolean renameDirectories() {
      boolean changed = false;
      for (String dir : ScenarioPaths.directoriesBelow(current, BASE)) {
        if (stopped) break;
        String parent = ScenarioPaths.parent(dir);
        String last = dir.substring(parent.length() + 1);
        for (String name : SHORT_NAMES) {
          if (shorter(last, name)) break;
          String target = parent + "/" + name;
          if (consider(mapAll(p -> ScenarioPaths.replacePrefix(p, dir, target)))) {
            changed = true;
            break;
          }
        }
      }
      return changed;
    }

    boolean mergeLabels() {
      boolean changed = false;
      List<String> labels = labels();
      for (int j = labels.size() - 1; j > 0 && !stopped; j--) {
        for (int i = 0; i < j && !stopped; i++) {
          if (consider(renameLabel(labels.get(j), labels.get(i)))) {
            changed = true;
            break;
          }
        }
      }
      return changed;
    }

    boolean renameLabels() {
      boolean changed = false;
      for (String label : labels()) {
        for (String name : SHORT_NAMES) {
          if (stopped || shorter(label, name)) break;
          if (consider(renameLabel(label, name))) {
            changed = true;
            break;
          }
        }
      }
      return changed;
    }

    /** True when {@code name} is not simpler than {@code existing} (shortlex on strings). */
    private static boolean shorter(String existing, String name) {
      if (existing.length() != name.length()) return existing.length() < name.length();
      return existing.compareTo(name) <= 0;
    }

    private List<String> labels() {
      Set<String> out = new LinkedHashSet<>();
      for (Operation op : current) if (op instanceof MountTmpfs t) out.add(t.source());
      return new ArrayList<>(out);
    }

    private List<Operation> renameLabel(String from, String to) {
      List<Operation> out = new ArrayList<>(current.size());
      for (Operation op : current) {
        out.add(
            op instanceof MountTmpfs t && t.source().equals(from)
                ? new MountTmpfs(to, t.target())
                : op);
      }
      return out;
    }

    private List<Operation> mapAll(UnaryOperator<String> f) {
      List<Operation> out = new ArrayList<>(current.size());
      for (Operation op : current) out.add(ScenarioPaths.mapPaths(op, f));
      return out;
    }

    private List<Operation> replace(int i, Operation op) {
      List<Operation> out = new ArrayList<>(current);
      out.set(i, op);
      return out;
    }
  }
}
