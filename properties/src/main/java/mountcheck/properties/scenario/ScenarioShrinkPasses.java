package mountcheck.properties.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import mountcheck.engine.Span;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountAttribute;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.UnknownBits;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;

/**
 * The bodies of the {@link ScenarioShrinker}'s named passes, one method each, named as the passes
 * are. Each tries one kind of rewrite at every place of the run's current scenario and returns true
 * when the run kept at least one.
 */
final class ScenarioShrinkPasses {
  private static final String BASE = ScenarioShrinker.BASE;

  private static final String[] SHORT_NAMES = {
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t", "u", "v", "w", "x", "y", "z"
  };

  private ScenarioShrinkPasses() {}

  /** {@code delete-steps}: deletes runs of k neighbouring commands, k halving down to 1. */
  static boolean deleteSteps(ScenarioShrinkRun r) {
    boolean changed = false;
    int k = Integer.highestOneBit(Math.max(1, r.current().size() / 2));
    for (; k >= 1 && !r.stopped(); k /= 2) {
      for (int i = r.current().size() - k; i >= 0 && !r.stopped(); i--) {
        List<Operation> now = r.current();
        if (i + k > now.size()) continue;
        List<Operation> c = new ArrayList<>(now.subList(0, i));
        c.addAll(now.subList(i + k, now.size()));
        changed |= r.consider(c);
      }
    }
    return changed;
  }

  /**
   * {@code delete-namespace-blocks}: deletes a {@value ScenarioSpans#NAMESPACE_BLOCK} span, an
   * {@code unshare} with every command that runs in the namespace it makes, last block first.
   */
  static boolean deleteNamespaceBlocks(ScenarioShrinkRun r) {
    boolean changed = false;
    List<Span> blocks = blocks(r.current());
    for (int b = blocks.size() - 1; b >= 0 && !r.stopped(); b--) {
      List<Operation> now = r.current();
      Span block = blocks.get(b);
      List<Operation> c = new ArrayList<>(now.subList(0, block.start()));
      c.addAll(now.subList(block.end(), now.size()));
      if (r.consider(c)) {
        changed = true;
        blocks = blocks(r.current());
        b = Math.min(b, blocks.size());
      }
    }
    return changed;
  }

  private static List<Span> blocks(List<Operation> ops) {
    return ScenarioSpans.of(ops).stream()
        .filter(s -> s.label().equals(ScenarioSpans.NAMESPACE_BLOCK))
        .toList();
  }

  /**
   * {@code delete-subtrees}: deletes every command that names a directory or anything below it
   * ({@code mkdir -p} lists lose just those paths): the commands that build one part of the tree go
   * together.
   */
  static boolean deleteSubtrees(ScenarioShrinkRun r) {
    boolean changed = false;
    for (String dir : ScenarioPaths.directoriesBelow(r.current(), BASE)) {
      if (r.stopped()) break;
      List<Operation> c = new ArrayList<>();
      for (Operation op : r.current()) {
        if (op instanceof MakeDirs m) {
          List<String> kept = new ArrayList<>();
          for (String p : m.paths()) if (!ScenarioPaths.isAtOrBelow(p, dir)) kept.add(p);
          if (!kept.isEmpty()) c.add(kept.size() == m.paths().size() ? m : new MakeDirs(kept));
        } else if (ScenarioPaths.paths(op).stream()
            .noneMatch(p -> ScenarioPaths.isAtOrBelow(p, dir))) {
          c.add(op);
        }
      }
      changed |= r.consider(c);
    }
    return changed;
  }

  /** {@code merge-mkdirs}: folds a later {@code mkdir -p} into an earlier one. */
  static boolean mergeMkdirs(ScenarioShrinkRun r) {
    boolean changed = false;
    for (int j = r.current().size() - 1; j > 0 && !r.stopped(); j--) {
      if (j >= r.current().size() || !(r.current().get(j) instanceof MakeDirs later)) continue;
      for (int i = j - 1; i >= 0 && !r.stopped(); i--) {
        if (!(r.current().get(i) instanceof MakeDirs earlier)) continue;
        LinkedHashSet<String> paths = new LinkedHashSet<>(earlier.paths());
        paths.addAll(later.paths());
        List<Operation> c = new ArrayList<>(r.current());
        c.set(i, new MakeDirs(new ArrayList<>(paths)));
        c.remove(j);
        if (r.consider(c)) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  /**
   * {@code plain-flags}: {@code --rbind} to {@code --bind}, {@code umount -l} to {@code umount},
   * {@code --make-rX} to {@code --make-X}, {@code -Urm} to {@code -m}, {@code exec N<>PATH} to
   * {@code exec N<PATH}, no {@code --propagation}, a {@code move_mount} without its
   * MOVE_MOUNT_BENEATH or MOVE_MOUNT_SET_GROUP, one path less in an {@code rmdir} list, an {@code
   * nsenter} command run in the shell's own namespace instead, {@code pivot_root NEW PUT_OLD} to
   * {@code chroot NEW}, then to {@code pivot_root NEW NEW}, and for {@code mountfd} lines: no
   * {@code AT_RECURSIVE}, a plain open_tree instead of a clone, one attribute, the propagation or
   * {@code userns=} less in a mount_setattr, one attribute less in an fsmount, a new user namespace
   * instead of {@code self}.
   */
  static boolean plainFlags(ScenarioShrinkRun r) {
    boolean changed = false;
    for (int i = 0; i < r.current().size() && !r.stopped(); i++) {
      for (Operation plain : plainer(r.current().get(i))) {
        if (r.consider(replace(r.current(), i, plain))) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  private static List<Operation> plainer(Operation op) {
    List<Operation> out = new ArrayList<>();
    if (op instanceof Bind b && b.recursive())
      out.add(new Bind(b.source(), b.target(), false, b.options()));
    if (op instanceof Bind b && !b.options().isEmpty()) {
      out.add(new Bind(b.source(), b.target(), b.recursive()));
      for (List<String> fewer : fewerWords(b.options()))
        out.add(new Bind(b.source(), b.target(), b.recursive(), fewer));
    }
    if (op instanceof MountTmpfs t && !t.options().isEmpty()) {
      out.add(new MountTmpfs(t.source(), t.target()));
      for (List<String> fewer : fewerWords(t.options()))
        out.add(new MountTmpfs(t.source(), t.target(), fewer));
    }
    if (op instanceof Remount m)
      for (List<String> fewer : fewerWords(m.options()))
        out.add(new Remount(m.bind(), fewer, m.target()));
    if (op instanceof Umount u && u.lazy()) out.add(new Umount(u.target(), false));
    // exec N<>PATH to exec N<PATH: a read-only hold, no writer
    if (op instanceof HoldFile h && h.write()) out.add(new HoldFile(h.fd(), h.path()));
    if (op instanceof MoveMount m && m.flag() != MoveMount.Flag.NONE)
      out.add(new MoveMount(m.from(), m.to(), MoveMount.Flag.NONE));
    if (op instanceof ChangeType c && c.recursive()) {
      out.add(new ChangeType(c.type(), false, c.target()));
    }
    if (op instanceof Unshare u) {
      if (u.newUserNamespace()) out.add(new Unshare(false, u.propagation()));
      if (u.propagation() != Unshare.NamespacePropagation.PRIVATE) {
        out.add(new Unshare(u.newUserNamespace(), Unshare.NamespacePropagation.PRIVATE));
      }
    }
    // unshare -Ur to unshare -m: a new shell with its privilege kept
    if (op instanceof UnshareUser)
      out.add(new Unshare(false, Unshare.NamespacePropagation.UNCHANGED));
    if (op instanceof PersistNamespace p) {
      if (p.newUserNamespace()) out.add(new PersistNamespace(false, p.propagation(), p.file()));
      if (p.propagation() != Unshare.NamespacePropagation.PRIVATE) {
        out.add(
            new PersistNamespace(
                p.newUserNamespace(), Unshare.NamespacePropagation.PRIVATE, p.file()));
      }
    }
    if (op instanceof RemoveDirs r && r.paths().size() > 1) {
      // rmdir A B -> rmdir A, rmdir B: one path less at a time
      for (int j = r.paths().size() - 1; j >= 0; j--) {
        List<String> fewer = new ArrayList<>(r.paths());
        fewer.remove(j);
        out.add(new RemoveDirs(fewer));
      }
    }
    out.addAll(plainerMountfd(op));
    if (op instanceof PivotRoot p) {
      // a root change without the exchange, then PUT_OLD on the new root itself
      out.add(new ChangeRoot(p.newRoot()));
      if (!p.putOld().equals(p.newRoot())) out.add(new PivotRoot(p.newRoot(), p.newRoot()));
    }
    if (op instanceof Nsenter n) {
      for (Operation inner : plainer(n.command())) out.add(new Nsenter(n.file(), inner));
      out.add(n.command()); // the same command in the shell's own namespace
    }
    return out;
  }

  /** The plainer forms of a {@code mountfd} line (none for the other lines). */
  private static List<Operation> plainerMountfd(Operation op) {
    List<Operation> out = new ArrayList<>();
    if (op instanceof OpenTree o && o.recursive())
      out.add(new OpenTree(o.name(), o.source(), o.copy(), false, o.namespace()));
    if (op instanceof OpenTree o && (o.copy() || o.namespace()) && !o.recursive())
      out.add(new OpenTree(o.name(), o.source(), false, false));
    if (op instanceof MountSetattr m) {
      String t = m.target();
      UnknownBits u = m.unknown();
      if (m.recursive())
        out.add(new MountSetattr(t, false, m.set(), m.clear(), m.propagation(), m.userns(), u));
      if (m.propagation() != null)
        out.add(new MountSetattr(t, m.recursive(), m.set(), m.clear(), null, m.userns(), u));
      if (m.userns() != null)
        out.add(new MountSetattr(t, m.recursive(), m.set(), m.clear(), m.propagation(), null, u));
      if (!u.none()) out.add(m.withUnknown(UnknownBits.NONE));
      for (Set<MountAttribute> fewer : oneLess(m.set()))
        out.add(
            new MountSetattr(t, m.recursive(), fewer, m.clear(), m.propagation(), m.userns(), u));
      for (Set<MountAttribute> fewer : oneLess(m.clear()))
        out.add(new MountSetattr(t, m.recursive(), m.set(), fewer, m.propagation(), m.userns(), u));
    }
    if (op instanceof FsMount f)
      for (Set<MountAttribute> fewer : oneLess(f.attributes()))
        out.add(new FsMount(f.name(), f.context(), fewer));
    if (op instanceof OpenUserNamespace u && u.self())
      out.add(new OpenUserNamespace(u.name(), false));
    return out;
  }

  /** The sets with one attribute less, in declaration order. */
  private static List<Set<MountAttribute>> oneLess(Set<MountAttribute> attributes) {
    List<Set<MountAttribute>> out = new ArrayList<>();
    for (MountAttribute a : new TreeSet<>(attributes)) {
      Set<MountAttribute> fewer = EnumSet.noneOf(MountAttribute.class);
      fewer.addAll(attributes);
      fewer.remove(a);
      out.add(fewer);
    }
    return out;
  }

  /** The option lists with one word less (none for a list of one word or none). */
  private static List<List<String>> fewerWords(List<String> words) {
    List<List<String>> out = new ArrayList<>();
    if (words.size() < 2) return out;
    for (int j = words.size() - 1; j >= 0; j--) {
      List<String> fewer = new ArrayList<>(words);
      fewer.remove(j);
      out.add(fewer);
    }
    return out;
  }

  /** {@code delete-mkdir-paths}: drops one path from a {@code mkdir -p} list of two or more. */
  static boolean deleteMkdirPaths(ScenarioShrinkRun r) {
    boolean changed = false;
    for (int i = 0; i < r.current().size() && !r.stopped(); i++) {
      if (!(r.current().get(i) instanceof MakeDirs m) || m.paths().size() < 2) continue;
      for (int j = m.paths().size() - 1; j >= 0 && !r.stopped(); j--) {
        if (!(r.current().get(i) instanceof MakeDirs now) || j >= now.paths().size()) break;
        if (now.paths().size() < 2) break;
        List<String> fewer = new ArrayList<>(now.paths());
        fewer.remove(j);
        changed |= r.consider(replace(r.current(), i, new MakeDirs(fewer)));
      }
    }
    return changed;
  }

  /**
   * {@code collapse-directories}: drops one directory from every path at once ({@code /mnt/a/b/c}
   * to {@code /mnt/a/c}, {@code /mnt/a/b} to {@code /mnt/a}).
   */
  static boolean collapseDirectories(ScenarioShrinkRun r) {
    boolean changed = false;
    for (String dir : ScenarioPaths.directoriesBelow(r.current(), BASE)) {
      if (r.stopped()) break;
      String parent = ScenarioPaths.parent(dir);
      changed |= r.consider(mapAll(r.current(), p -> ScenarioPaths.replacePrefix(p, dir, parent)));
    }
    return changed;
  }

  /** {@code shorten-paths}: replaces one path of one command by its parent. */
  static boolean shortenPaths(ScenarioShrinkRun r) {
    boolean changed = false;
    for (int i = 0; i < r.current().size() && !r.stopped(); i++) {
      int n = ScenarioPaths.paths(r.current().get(i)).size();
      for (int k = 0; k < n && !r.stopped() && i < r.current().size(); k++) {
        List<String> paths = ScenarioPaths.paths(r.current().get(i));
        if (k >= paths.size() || !paths.get(k).startsWith(BASE + "/")) continue;
        int at = k;
        int[] index = {0};
        Operation shorter =
            ScenarioPaths.mapPaths(
                r.current().get(i), p -> index[0]++ == at ? ScenarioPaths.parent(p) : p);
        changed |= r.consider(replace(r.current(), i, shorter));
      }
    }
    return changed;
  }

  /** {@code merge-sources}: gives the tmpfs mounts of one source label an earlier label. */
  static boolean mergeSources(ScenarioShrinkRun r) {
    boolean changed = false;
    List<String> labels = sources(r.current());
    for (int j = labels.size() - 1; j > 0 && !r.stopped(); j--) {
      for (int i = 0; i < j && !r.stopped(); i++) {
        if (r.consider(renameSource(r.current(), labels.get(j), labels.get(i)))) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  /** {@code rename-directories}: renames a directory to the first simpler one-letter name. */
  static boolean renameDirectories(ScenarioShrinkRun r) {
    boolean changed = false;
    for (String dir : ScenarioPaths.directoriesBelow(r.current(), BASE)) {
      if (r.stopped()) break;
      String parent = ScenarioPaths.parent(dir);
      String last = dir.substring(parent.length() + 1);
      for (String name : SHORT_NAMES) {
        if (notSimpler(last, name)) break;
        String target = parent + "/" + name;
        if (r.consider(mapAll(r.current(), p -> ScenarioPaths.replacePrefix(p, dir, target)))) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  /** {@code rename-sources}: renames a tmpfs source label to the first simpler one-letter name. */
  static boolean renameSources(ScenarioShrinkRun r) {
    boolean changed = false;
    for (String label : sources(r.current())) {
      for (String name : SHORT_NAMES) {
        if (r.stopped() || notSimpler(label, name)) break;
        if (r.consider(renameSource(r.current(), label, name))) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  /**
   * {@code delete-pairs}: deletes two commands that are not next to each other (tried only when
   * every other pass is stuck); stops at the first kept.
   */
  static boolean deletePairs(ScenarioShrinkRun r) {
    for (int i = 0; i < r.current().size() && !r.stopped(); i++) {
      for (int j = i + 2; j < r.current().size() && !r.stopped(); j++) {
        List<Operation> c = new ArrayList<>(r.current());
        c.remove(j);
        c.remove(i);
        if (r.consider(c)) return true;
      }
    }
    return false;
  }

  /**
   * {@code swap-steps}: exchanges two neighbouring commands with the same label ({@link
   * ScenarioSpans}: the same kind, in the same namespace) when the script text gets smaller, which
   * sorts commands of one kind in one namespace into a canonical order. Commands with different
   * labels are never exchanged, nor are namespace blocks.
   */
  static boolean swapSteps(ScenarioShrinkRun r) {
    boolean changed = false;
    for (int[] pair = nextSwap(r.current(), 0); pair != null && !r.stopped(); ) {
      List<Operation> now = r.current();
      List<Operation> c = new ArrayList<>(now.subList(0, pair[0]));
      c.addAll(now.subList(pair[1], pair[2]));
      c.addAll(now.subList(pair[0], pair[1]));
      c.addAll(now.subList(pair[2], now.size()));
      changed |= r.consider(c);
      pair = nextSwap(r.current(), pair[0] + 1);
    }
    return changed;
  }

  /**
   * The first pair of neighbouring command spans with equal labels starting at or after {@code
   * from}, as {start of the first, start of the second, end of the second}, or null.
   */
  static int[] nextSwap(List<Operation> ops, int from) {
    List<Span> spans = ScenarioSpans.of(ops);
    int[] best = null;
    for (Span a : spans) {
      if (a.label().equals(ScenarioSpans.NAMESPACE_BLOCK)) continue;
      if (a.start() < from || (best != null && a.start() >= best[0])) continue;
      for (Span b : spans) {
        if (b.start() == a.end() && b.label().equals(a.label())) {
          best = new int[] {a.start(), b.start(), b.end()};
          break;
        }
      }
    }
    return best;
  }

  /** True when {@code name} is not simpler than {@code existing} (shortlex on strings). */
  private static boolean notSimpler(String existing, String name) {
    if (existing.length() != name.length()) return existing.length() < name.length();
    return existing.compareTo(name) <= 0;
  }

  private static List<String> sources(List<Operation> ops) {
    Set<String> out = new LinkedHashSet<>();
    for (Operation op : ops) if (op instanceof MountTmpfs t) out.add(t.source());
    return new ArrayList<>(out);
  }

  private static List<Operation> renameSource(List<Operation> ops, String from, String to) {
    List<Operation> out = new ArrayList<>(ops.size());
    for (Operation op : ops) {
      out.add(
          op instanceof MountTmpfs t && t.source().equals(from)
              ? new MountTmpfs(to, t.target(), t.options())
              : op);
    }
    return out;
  }

  private static List<Operation> mapAll(List<Operation> ops, UnaryOperator<String> f) {
    List<Operation> out = new ArrayList<>(ops.size());
    for (Operation op : ops) out.add(ScenarioPaths.mapPaths(op, f));
    return out;
  }

  private static List<Operation> replace(List<Operation> ops, int i, Operation op) {
    List<Operation> out = new ArrayList<>(ops);
    out.set(i, op);
    return out;
  }
}
