package mountcheck.alloy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a {@link TableFacts} mount table into a scenario (the project's shell subset) that builds
 * exactly that table, then umounts ({@code umount -l}) its target.
 *
 * <p>Construction: a private scaffold tmpfs on /mnt holds one staging mount per filesystem ({@code
 * /mnt/fs/NAME}, with every directory the table uses) and one directory per absolute root ({@code
 * /mnt/top/ID}). Mounts are then created one at a time, each by a bind: from the staging mount when
 * it starts a peer group or is private, from an existing peer when it joins a group, from a member
 * of its master group when it starts a slave group; then its propagation type is set. A mount is
 * only attached where nothing propagates (its parent has no receivers yet) and only through a path
 * that shows its parent, so the order matters; a search finds an order when one exists. Staging
 * mounts are unmounted at the end, so the final table is the given one plus the scaffold, which is
 * private and propagates nothing.
 *
 * <p>Not translatable: locked mounts (they need a copy into a less privileged user namespace),
 * unbindable slaves, tables where no order attaches every mount without propagation or through a
 * visible path (peers that each carry their own children, for instance), and an umount target
 * hidden under an overmount. The result then names the reason.
 */
public final class ScenarioBuilder {

  /** A scenario text, or the reason there is none. */
  public record Translation(String scenario, String problem) {
    public boolean ok() {
      return problem == null;
    }

    static Translation failed(String why) {
      return new Translation(null, why);
    }
  }

  private final List<MountFact> ms;
  private final Map<String, Integer> index = new HashMap<>();
  private final Set<Long> dead = new HashSet<>();

  private ScenarioBuilder(TableFacts table) {
    this.ms = table.mounts();
    for (int i = 0; i < ms.size(); i++) {
      index.put(ms.get(i).id(), i);
    }
  }

  /** Builds the scenario; {@code header} lines become comments at the top. */
  public static Translation build(TableFacts table, List<String> header) {
    if (table.mounts().size() > 60) {
      return Translation.failed("more than 60 mounts");
    }
    for (MountFact m : table.mounts()) {
      if (m.locked()) {
        return Translation.failed(
            "mount "
                + m.id()
                + " is locked; MNT_LOCKED needs a copy into a less privileged user"
                + " namespace, which this translation does not build");
      }
      if (m.unbindable() && (m.master() != null || m.group() != null)) {
        return Translation.failed("mount " + m.id() + " is unbindable and a slave or shared");
      }
      if (m.parent() != null) {
        MountFact p = table.byId().get(m.parent());
        if (!under(p.root(), m.mountpoint())) {
          return Translation.failed(
              "mount " + m.id() + " sits on a dentry its parent does not show");
        }
      }
    }
    if (table.byId().get(table.umountTop()).parent() == null) {
      return Translation.failed("the umount target has no parent");
    }
    ScenarioBuilder b = new ScenarioBuilder(table);
    List<Step> order = b.search(0L);
    if (order == null) {
      return Translation.failed(
          "no creation order attaches every mount without propagation through a visible path");
    }
    long all = (1L << b.ms.size()) - 1;
    Map<Integer, String> vis = b.visible(all);
    String target = vis.get(b.index.get(table.umountTop()));
    if (target == null) {
      return Translation.failed("the umount target is covered by an overmount");
    }
    return new Translation(b.render(header, order, vis, target), null);
  }

  /** One mount's creation: the bind and the type changes after it. */
  private record Step(int mount, String source, String dest, List<String> types) {}

  private List<Step> search(long mask) {
    if (mask == (1L << ms.size()) - 1) {
      return new ArrayList<>();
    }
    if (dead.contains(mask)) {
      return null;
    }
    Map<Integer, String> vis = visible(mask);
    for (int i = 0; i < ms.size(); i++) {
      if ((mask & (1L << i)) != 0) {
        continue;
      }
      Step s = plan(i, mask, vis);
      if (s != null) {
        List<Step> rest = search(mask | (1L << i));
        if (rest != null) {
          rest.add(0, s);
          return rest;
        }
      }
    }
    dead.add(mask);
    return null;
  }

  private Step plan(int i, long mask, Map<Integer, String> vis) {
    MountFact m = ms.get(i);
    String dest;
    if (m.parent() == null) {
      dest = "/mnt/top/" + m.id();
    } else {
      int p = index.get(m.parent());
      MountFact pm = ms.get(p);
      String pp = vis.get(p);
      if ((mask & (1L << p)) == 0 || pp == null || !receivers(p, mask).isEmpty()) {
        return null;
      }
      if (m.mountpoint().equals(pm.root())) {
        dest = pp;
      } else {
        if (!reachable(p, m.mountpoint(), mask)) {
          return null;
        }
        dest = pp + rel(pm.root(), m.mountpoint());
      }
    }
    List<String> types = new ArrayList<>();
    String source = null;
    boolean groupStarted = m.group() != null && hasCreatedMember(mask, m.group());
    if (groupStarted) {
      source = sourceFrom(mask, vis, m.group(), m.root());
      if (source == null) {
        return null;
      }
    } else if (m.master() != null) {
      source = sourceFrom(mask, vis, m.master(), m.root());
      if (source == null) {
        return null;
      }
      types.add("--make-slave");
      if (m.group() != null) {
        types.add("--make-shared");
      }
    } else {
      source = "/mnt/fs/" + m.fs() + (m.root().equals("/") ? "" : m.root());
      types.add(
          m.group() != null
              ? "--make-shared"
              : m.unbindable() ? "--make-unbindable" : "--make-private");
    }
    return new Step(i, source, dest, types);
  }

  /** Whether some mount of {@code group} has been created already. */
  private boolean hasCreatedMember(long mask, String group) {
    for (int j = 0; j < ms.size(); j++) {
      if ((mask & (1L << j)) != 0 && group.equals(ms.get(j).group())) {
        return true;
      }
    }
    return false;
  }

  /** A path that resolves to dentry {@code root} of a created, visible member of {@code group}. */
  private String sourceFrom(long mask, Map<Integer, String> vis, String group, String root) {
    for (int j = 0; j < ms.size(); j++) {
      MountFact s = ms.get(j);
      if ((mask & (1L << j)) == 0 || !group.equals(s.group()) || !vis.containsKey(j)) {
        continue;
      }
      if (root.equals(s.root())) {
        return vis.get(j);
      }
      if (under(s.root(), root) && reachable(j, root, mask) && childAt(j, root, mask) < 0) {
        return vis.get(j) + rel(s.root(), root);
      }
    }
    return null;
  }

  /** Receivers of mount p among the created mounts: peers and everything downstream. */
  private Set<Integer> receivers(int p, long mask) {
    Set<String> groups = new HashSet<>();
    if (ms.get(p).group() != null) {
      groups.add(ms.get(p).group());
    }
    boolean grew = true;
    while (grew) {
      grew = false;
      for (int j = 0; j < ms.size(); j++) {
        MountFact x = ms.get(j);
        if ((mask & (1L << j)) != 0
            && x.master() != null
            && groups.contains(x.master())
            && x.group() != null
            && groups.add(x.group())) {
          grew = true;
        }
      }
    }
    Set<Integer> out = new TreeSet<>();
    for (int j = 0; j < ms.size(); j++) {
      MountFact x = ms.get(j);
      if (j != p
          && (mask & (1L << j)) != 0
          && (groups.contains(x.group()) || groups.contains(x.master()))) {
        out.add(j);
      }
    }
    return out;
  }

  /** Where each created mount can be reached by path, for the mounts not covered by another. */
  private Map<Integer, String> visible(long mask) {
    Map<Integer, String> vis = new LinkedHashMap<>();
    for (int r = 0; r < ms.size(); r++) {
      if ((mask & (1L << r)) != 0 && ms.get(r).parent() == null) {
        place(r, "/mnt/top/" + ms.get(r).id(), mask, vis);
      }
    }
    return vis;
  }

  private void place(int x, String path, long mask, Map<Integer, String> vis) {
    int t = x;
    for (int over = childAt(t, ms.get(t).root(), mask);
        over >= 0;
        over = childAt(t, ms.get(t).root(), mask)) {
      t = over;
    }
    vis.put(t, path);
    MountFact tm = ms.get(t);
    for (int c = 0; c < ms.size(); c++) {
      MountFact cm = ms.get(c);
      if ((mask & (1L << c)) != 0
          && tm.id().equals(cm.parent())
          && !cm.isOvermountOf(tm)
          && reachable(t, cm.mountpoint(), mask)) {
        place(c, path + rel(tm.root(), cm.mountpoint()), mask, vis);
      }
    }
  }

  /** The created child of t on dentry d, or -1. */
  private int childAt(int t, String d, long mask) {
    for (int c = 0; c < ms.size(); c++) {
      MountFact cm = ms.get(c);
      if ((mask & (1L << c)) != 0
          && ms.get(t).id().equals(cm.parent())
          && d.equals(cm.mountpoint())) {
        return c;
      }
    }
    return -1;
  }

  /** No created child of t sits on a directory strictly between t's root and d. */
  private boolean reachable(int t, String d, long mask) {
    MountFact tm = ms.get(t);
    for (int c = 0; c < ms.size(); c++) {
      MountFact cm = ms.get(c);
      if ((mask & (1L << c)) != 0
          && tm.id().equals(cm.parent())
          && !cm.mountpoint().equals(d)
          && !cm.mountpoint().equals(tm.root())
          && under(cm.mountpoint(), d)) {
        return false;
      }
    }
    return true;
  }

  private String render(
      List<String> header, List<Step> order, Map<Integer, String> vis, String target) {
    StringBuilder sb = new StringBuilder();
    for (String h : header) {
      sb.append("# ").append(h).append('\n');
    }
    sb.append(
        "# mounts of the table (id: filesystem, root, group, master -> place after the build)\n");
    for (int i = 0; i < ms.size(); i++) {
      MountFact m = ms.get(i);
      sb.append("#   ")
          .append(m.id())
          .append(": ")
          .append(m.fs())
          .append(' ')
          .append(m.root())
          .append(m.group() == null ? "" : " shared:" + m.group())
          .append(m.master() == null ? "" : " master:" + m.master())
          .append(m.unbindable() ? " unbindable" : "")
          .append(" -> ")
          .append(vis.getOrDefault(i, "(covered by an overmount)"))
          .append('\n');
    }
    sb.append("mount -t tmpfs scaffold /mnt\n");
    Map<String, Set<String>> dirs = new LinkedHashMap<>();
    for (MountFact m : ms) {
      dirs.computeIfAbsent(m.fs(), k -> new TreeSet<>()).add(m.root());
    }
    for (MountFact m : ms) {
      if (m.parent() != null) {
        dirs.get(ms.get(index.get(m.parent())).fs()).add(m.mountpoint());
      }
    }
    List<String> scaffold = new ArrayList<>();
    dirs.keySet().forEach(fs -> scaffold.add("/mnt/fs/" + fs));
    ms.stream().filter(m -> m.parent() == null).forEach(m -> scaffold.add("/mnt/top/" + m.id()));
    sb.append("mkdir -p ").append(String.join(" ", scaffold)).append('\n');
    for (Map.Entry<String, Set<String>> e : dirs.entrySet()) {
      sb.append("mount -t tmpfs ")
          .append(e.getKey())
          .append(" /mnt/fs/")
          .append(e.getKey())
          .append('\n');
      List<String> sub =
          e.getValue().stream()
              .filter(d -> !d.equals("/"))
              .map(d -> "/mnt/fs/" + e.getKey() + d)
              .toList();
      if (!sub.isEmpty()) {
        sb.append("mkdir -p ").append(String.join(" ", sub)).append('\n');
      }
    }
    for (Step s : order) {
      sb.append("# ").append(ms.get(s.mount()).id()).append('\n');
      sb.append("mount --bind ").append(s.source()).append(' ').append(s.dest()).append('\n');
      for (String t : s.types()) {
        sb.append("mount ").append(t).append(' ').append(s.dest()).append('\n');
      }
    }
    for (String fs : dirs.keySet()) {
      sb.append("umount /mnt/fs/").append(fs).append('\n');
    }
    sb.append("umount -l ").append(target).append('\n');
    return sb.toString();
  }

  /** d is at or below directory a (both paths inside one filesystem). */
  static boolean under(String a, String d) {
    return d.equals(a) || d.startsWith(a.equals("/") ? "/" : a + "/");
  }

  /** The path of d relative to a, with a leading slash, or empty when d is a. */
  static String rel(String a, String d) {
    if (d.equals(a)) {
      return "";
    }
    return a.equals("/") ? d : d.substring(a.length());
  }
}
