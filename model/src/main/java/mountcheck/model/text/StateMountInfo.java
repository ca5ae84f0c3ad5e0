package mountcheck.model.text;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.ShellState;
import mountcheck.model.state.Superblock;

/**
 * The rows /proc/self/mountinfo would show for the scenario's mounts: those of the current
 * namespace whose mount point is {@code /mnt} or below it and whose filesystem the scenario created
 * (the opaque starting filesystem is left out, as the kernel runner leaves out the host's mounts).
 * Fields as fs/proc_namespace.c's show_mountinfo() prints them. After a {@code chroot} or {@code
 * pivot_root} the shell's namespace is seen from the shell's root, as seq_path_root() shows it:
 * mount points relative to the root, and a mount the root cannot reach is left out
 * (docs/semantics.md §2.18).
 */
public final class StateMountInfo {
  /** Device major number the model reports (anonymous block devices are major 0). */
  public static final int ANON_MAJOR = 0;

  private StateMountInfo() {}

  public static List<MountInfoRow> rows(MountTable t) {
    return rows(t, t.currentNamespace().id());
  }

  /** The same rows for any namespace (earlier namespaces stay alive and receive propagation). */
  public static List<MountInfoRow> rows(MountTable t, int ns) {
    ShellState.Root root =
        ns == t.currentNamespace().id() ? t.shell().root() : ShellState.Root.NAMESPACE_ROOT;
    Map<Integer, String> paths = new HashMap<>();
    List<MountInfoRow> out = new ArrayList<>();
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      if (m.namespace() != ns) continue;
      Superblock sb = t.superblock(m.superblock());
      if (sb.opaque()) continue;
      String path = root.changed() ? pathUnderRoot(t, id, root) : mountPath(t, id, paths);
      if (path == null) continue;
      if (!ScenarioParser.shownInTable(path)) continue;
      boolean nsfs = sb.fsType().equals("nsfs");
      out.add(
          new MountInfoRow(
              id,
              m.parent() == 0 ? id : m.parent(),
              ANON_MAJOR,
              sb.id(),
              // a namespace file's root is shown by nsfs's d_dname(): mnt:[INODE]
              nsfs ? t.dentry(m.root()).name() : t.dentry(m.root()).path(),
              path,
              m.attributes().options(),
              optionalFields(t, m, root),
              sb.fsType(),
              sb.source(),
              sb.readOnly() ? "ro" : "rw"));
    }
    return out;
  }

  /** shared:N, master:N, propagate_from:N, unbindable (in the kernel's order). */
  private static List<String> optionalFields(MountTable t, Mount m, ShellState.Root root) {
    List<String> f = new ArrayList<>();
    if (m.shared()) f.add("shared:" + m.group());
    if (m.slave()) {
      int masterGroup = t.mount(m.master()).group();
      f.add("master:" + masterGroup);
      int dominating = dominatingGroup(t, m, root);
      if (dominating != 0 && dominating != masterGroup) f.add("propagate_from:" + dominating);
    }
    if (m.unbindable()) f.add("unbindable");
    return f;
  }

  /**
   * get_dominating_id(): the first group up the master chain with a member in m's namespace that
   * the reader's root reaches (get_peer_under_root(), is_path_reachable()).
   */
  private static int dominatingGroup(MountTable t, Mount m, ShellState.Root root) {
    for (int x = m.master(); x != 0; x = t.mount(x).master()) {
      Mount mx = t.mount(x);
      int[] members = mx.shared() ? t.groupMembers(mx.group()) : new int[] {x};
      for (int p : members)
        if (t.mount(p).namespace() == m.namespace()
            && (!root.changed() || pathUnderRoot(t, p, root) != null)) return mx.group();
    }
    return 0;
  }

  /**
   * The mount point of mount {@code id} as seen from {@code root} (prepend_path(): climb from the
   * mount's root through the mount points until the walk meets the root), or null when the climb
   * reaches the top without meeting it (seq_path_root() skips the row).
   */
  static String pathUnderRoot(MountTable t, int id, ShellState.Root root) {
    Dentry top = t.dentry(root.dentry());
    String below = "";
    int x = id;
    int d = t.mount(id).root();
    while (true) {
      Mount mx = t.mount(x);
      Dentry at = t.dentry(d);
      if (x == root.mount() && at.isAtOrBelow(top)) {
        String path = at.relativeTo(top) + below;
        return path.isEmpty() ? "/" : path;
      }
      below = at.relativeTo(t.dentry(mx.root())) + below;
      if (mx.parent() == 0) return null;
      d = mx.mountpoint();
      x = mx.parent();
    }
  }

  /** A mount for people: its path, source label and id, e.g. {@code /mnt/a(t3)#7}. */
  public static String describe(MountTable t, int id) {
    Mount m = t.mount(id);
    if (m == null) return "#" + id;
    return mountPath(t, id, new HashMap<>())
        + "("
        + t.superblock(m.superblock()).source()
        + ")#"
        + id;
  }

  /** The mount's path as seen from its namespace root, climbing parents without recursion. */
  static String mountPath(MountTable t, int id, Map<Integer, String> memo) {
    ArrayDeque<Integer> chain = new ArrayDeque<>();
    int x = id;
    while (x != 0 && !memo.containsKey(x)) {
      chain.push(x);
      x = t.mount(x).parent();
    }
    while (!chain.isEmpty()) {
      int m = chain.pop();
      Mount mount = t.mount(m);
      String path;
      if (mount.parent() == 0) {
        path = "/";
      } else {
        String parentPath = memo.get(mount.parent());
        Dentry at = t.dentry(mount.mountpoint());
        String rel = at.relativeTo(t.dentry(t.mount(mount.parent()).root()));
        path = parentPath.equals("/") ? (rel.isEmpty() ? "/" : rel) : parentPath + rel;
      }
      memo.put(m, path);
    }
    return memo.get(id);
  }
}
