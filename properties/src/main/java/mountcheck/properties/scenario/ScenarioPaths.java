package mountcheck.properties.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;

/** The paths an operation names, and the same operation with its paths rewritten. */
final class ScenarioPaths {
  private ScenarioPaths() {}

  /** Every path of {@code op}, in command order (not the tmpfs source label). */
  static List<String> paths(Operation op) {
    if (op instanceof MakeDirs m) return m.paths();
    if (op instanceof MountTmpfs t) return List.of(t.target());
    if (op instanceof Bind b) return List.of(b.source(), b.target());
    if (op instanceof Move m) return List.of(m.source(), m.target());
    if (op instanceof ChangeType c) return List.of(c.target());
    if (op instanceof Remount r) return List.of(r.target());
    // '/' names the caller's root after a root change, no path the passes may move
    if (op instanceof Umount u) return u.target().equals("/") ? List.of() : List.of(u.target());
    if (op instanceof Unshare || op instanceof UnshareUser) return List.of();
    if (op instanceof MakeFiles m) return m.paths();
    if (op instanceof RemoveDirs r) return r.paths();
    if (op instanceof PersistNamespace p) return List.of(p.file());
    if (op instanceof Nsenter n) {
      List<String> out = new ArrayList<>();
      out.add(n.file());
      out.addAll(paths(n.command()));
      return out;
    }
    if (op instanceof HoldFile h) return List.of(h.path());
    if (op instanceof ReleaseFile) return List.of();
    if (op instanceof OpenTree o) return onlyPaths(o.source());
    if (op instanceof MoveMount m) return onlyPaths(m.from(), m.to());
    if (op instanceof MountSetattr m) return onlyPaths(m.target());
    if (op instanceof MakeDirectoryAt m) return onlyPaths(m.target());
    if (op instanceof CloseDescriptor
        || op instanceof FsOpen
        || op instanceof FsConfig
        || op instanceof FsMount
        || op instanceof OpenUserNamespace
        || op instanceof ChangeRootToDescriptor) return List.of();
    if (op instanceof ChangeDirectory c)
      return c.path().equals("/") ? List.of() : List.of(c.path());
    if (op instanceof ChangeRoot c) return List.of(c.path());
    if (op instanceof PivotRoot p) return List.of(p.newRoot(), p.putOld());
    throw new IllegalArgumentException("unknown operation " + op);
  }

  /** {@code op} with every path replaced by {@code f(path)}. */
  static Operation mapPaths(Operation op, UnaryOperator<String> f) {
    if (op instanceof MakeDirs m) {
      List<String> out = new ArrayList<>();
      for (String p : m.paths()) out.add(f.apply(p));
      return new MakeDirs(out);
    }
    if (op instanceof MountTmpfs t)
      return new MountTmpfs(t.source(), f.apply(t.target()), t.options());
    if (op instanceof Bind b)
      return new Bind(f.apply(b.source()), f.apply(b.target()), b.recursive(), b.options());
    if (op instanceof Remount r) return new Remount(r.bind(), r.options(), f.apply(r.target()));
    if (op instanceof Move m) return new Move(f.apply(m.source()), f.apply(m.target()));
    if (op instanceof ChangeType c)
      return new ChangeType(c.type(), c.recursive(), f.apply(c.target()));
    if (op instanceof Umount u)
      return u.target().equals("/") ? op : new Umount(f.apply(u.target()), u.lazy());
    if (op instanceof Unshare || op instanceof UnshareUser) return op;
    if (op instanceof MakeFiles m) return new MakeFiles(m.paths().stream().map(f).toList());
    if (op instanceof RemoveDirs r) return new RemoveDirs(r.paths().stream().map(f).toList());
    if (op instanceof PersistNamespace p)
      return new PersistNamespace(p.newUserNamespace(), p.propagation(), f.apply(p.file()));
    if (op instanceof Nsenter n) return new Nsenter(f.apply(n.file()), mapPaths(n.command(), f));
    if (op instanceof HoldFile h) return h.withPath(f.apply(h.path()));
    if (op instanceof ReleaseFile) return op;
    // a mountfd line's words are paths or descriptor names; only the paths move
    UnaryOperator<String> g = w -> w.startsWith("/") && !w.equals("/") ? f.apply(w) : w;
    if (op instanceof OpenTree o)
      return new OpenTree(o.name(), g.apply(o.source()), o.copy(), o.recursive(), o.namespace());
    if (op instanceof MoveMount m)
      return new MoveMount(g.apply(m.from()), g.apply(m.to()), m.flag());
    if (op instanceof MountSetattr m)
      return new MountSetattr(
          g.apply(m.target()),
          m.recursive(),
          m.set(),
          m.clear(),
          m.propagation(),
          m.userns(),
          m.unknown());
    if (op instanceof MakeDirectoryAt m) return new MakeDirectoryAt(g.apply(m.target()));
    if (op instanceof CloseDescriptor
        || op instanceof FsOpen
        || op instanceof FsConfig
        || op instanceof FsMount
        || op instanceof OpenUserNamespace
        || op instanceof ChangeRootToDescriptor) return op;
    if (op instanceof ChangeDirectory c)
      return c.path().equals("/") ? op : new ChangeDirectory(f.apply(c.path()));
    if (op instanceof ChangeRoot c) return new ChangeRoot(f.apply(c.path()));
    if (op instanceof PivotRoot p) return new PivotRoot(f.apply(p.newRoot()), f.apply(p.putOld()));
    throw new IllegalArgumentException("unknown operation " + op);
  }

  /** The words of a mountfd line that are paths (the others name descriptors). */
  private static List<String> onlyPaths(String... words) {
    List<String> out = new ArrayList<>();
    for (String w : words) if (w.startsWith("/") && !w.equals("/")) out.add(w);
    return out;
  }

  /** The number of non-empty components of an absolute path ({@code /mnt/a} has 2). */
  static int depth(String path) {
    int n = 0;
    boolean inName = false;
    for (int i = 0; i < path.length(); i++) {
      boolean slash = path.charAt(i) == '/';
      if (!slash && !inName) n++;
      inName = !slash;
    }
    return n;
  }

  /**
   * The parent of an absolute path with at least one component ({@code /mnt/a} -> {@code /mnt}).
   */
  static String parent(String path) {
    int cut = path.lastIndexOf('/');
    return cut <= 0 ? "/" : path.substring(0, cut);
  }

  /** True when {@code path} is {@code dir} or lies below it. */
  static boolean isAtOrBelow(String path, String dir) {
    return path.equals(dir) || (path.startsWith(dir) && path.charAt(dir.length()) == '/');
  }

  /** {@code path} rewritten so that the directory {@code dir} becomes {@code replacement}. */
  static String replacePrefix(String path, String dir, String replacement) {
    if (path.equals(dir)) return replacement;
    if (path.startsWith(dir) && path.length() > dir.length() && path.charAt(dir.length()) == '/') {
      return replacement + path.substring(dir.length());
    }
    return path;
  }

  /** Every directory named by a path of the scenario or lying on its way, below {@code base}. */
  static List<String> directoriesBelow(List<Operation> ops, String base) {
    TreeSet<String> dirs =
        new TreeSet<>(
            (a, b) -> depth(a) != depth(b) ? Integer.compare(depth(a), depth(b)) : a.compareTo(b));
    for (Operation op : ops) {
      for (String p : paths(op)) {
        for (String d = p; d.startsWith(base + "/"); d = parent(d)) dirs.add(d);
      }
    }
    return new ArrayList<>(dirs);
  }
}
