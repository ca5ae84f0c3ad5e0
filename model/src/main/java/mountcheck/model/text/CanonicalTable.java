package mountcheck.model.text;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The id-free form of a mount table, used to compare the model with the kernel: equal tables mean
 * the same tree of mounts with the same roots, filesystems, sources, options, peer groups, masters,
 * propagate_from groups and unbindable marks, whatever the mount ids, peer group ids and device
 * numbers: every field show_mountinfo() prints except ids and device numbers.
 *
 * <p><b>Canonical names.</b> A mount whose parent is not in the table is named by its mount point.
 * A mount whose parent is in the table is named by the parent's name followed by the mount point
 * relative to the parent's mount point, so {@code /mnt}, {@code /mnt/a}, {@code /mnt/a/b} in a
 * plain tree. A mount stacked directly on its parent's root (same mount point) takes the parent's
 * name with the stack depth: {@code /mnt}, {@code /mnt@1}, {@code /mnt@2}, and its children are
 * named from there ({@code /mnt@1/a}), so a hidden {@code /mnt/a} under {@code /mnt} and a visible
 * one under {@code /mnt@1} keep different names. Siblings are ordered by relative mount point; a
 * name that would repeat gets {@code ~2}, {@code ~3}, ... in canonical order. Two siblings at one
 * mount point that no id-free field of a row tells apart (a 2017-generation umount can stack two
 * copies on one parent and mount point) are ordered by the names of their peers, masters and
 * propagate_from groups, never by mount id: the kernel reuses ids, so id order says nothing.
 *
 * <p>(A mount point that does not lie under its parent's, which the kernel should never show, is
 * kept whole after a {@code !}.)
 *
 * <p><b>Canonical order</b> is the depth-first pre-order of that forest, roots and siblings sorted
 * by name. Superblocks are numbered by first appearance in this order, and master and
 * propagate_from groups without a member in the table are labelled {@code external#k} the same way
 * (one label per group id, whichever field names it first; a mount's master before its
 * propagate_from).
 *
 * <p>The root of a mount namespace file (nsfs), {@code mnt:[INODE]}, names the namespace by its
 * inode number; it becomes {@code mnt:[k]}, k numbering the distinct inodes by first appearance in
 * canonical order, as peer groups are numbered.
 */
public record CanonicalTable(List<CanonicalMount> mounts) {

  public CanonicalTable {
    mounts = List.copyOf(mounts);
  }

  /** Canonicalizes a set of mountinfo rows (for example the mounts at or below {@code /mnt}). */
  public static CanonicalTable of(List<MountInfoRow> rows) {
    Map<Integer, MountInfoRow> byId = new HashMap<>();
    for (MountInfoRow row : rows) {
      if (byId.put(row.mountId(), row) != null)
        throw new IllegalArgumentException("duplicate mount id " + row.mountId());
    }
    Map<Integer, List<MountInfoRow>> children = new HashMap<>();
    List<MountInfoRow> roots = new ArrayList<>();
    for (MountInfoRow row : rows) {
      if (row.parentId() != row.mountId() && byId.containsKey(row.parentId())) {
        children.computeIfAbsent(row.parentId(), k -> new ArrayList<>()).add(row);
      } else {
        roots.add(row);
      }
    }

    // Names, in canonical (depth-first pre-) order. Siblings alike in every id-free field (two
    // mounts a 2017-generation umount left at one place) are first told apart by mount id, which
    // means nothing across two tables (the kernel reuses ids); a second pass orders them by the
    // names of their peers and masters from the first, which do not depend on that choice.
    LinkedHashMap<Integer, String> names = names(byId, children, roots, Map.of());
    List<MountInfoRow> tied = tiedSiblings(roots, children);
    if (!tied.isEmpty()) {
      Map<Integer, TreeSet<String>> groups = new HashMap<>();
      for (MountInfoRow r : rows)
        if (r.sharedGroup() != 0)
          groups.computeIfAbsent(r.sharedGroup(), k -> new TreeSet<>()).add(names.get(r.mountId()));
      Map<Integer, String> ties = new HashMap<>();
      for (MountInfoRow r : tied) ties.put(r.mountId(), relations(r, groups, names));
      names = names(byId, children, roots, ties);
    }

    if (names.size() != rows.size())
      throw new IllegalArgumentException("the parent links of the rows form a cycle");

    Map<Integer, TreeSet<String>> peerGroups = new HashMap<>();
    for (Map.Entry<Integer, String> e : names.entrySet()) {
      int group = byId.get(e.getKey()).sharedGroup();
      if (group != 0) peerGroups.computeIfAbsent(group, k -> new TreeSet<>()).add(e.getValue());
    }
    // One list (and one Master) instance per group, shared by its members: see GroupEquality.
    Map<Integer, List<String>> groupMembers = new HashMap<>();
    for (Map.Entry<Integer, TreeSet<String>> g : peerGroups.entrySet())
      groupMembers.put(g.getKey(), List.copyOf(g.getValue()));
    Map<Integer, CanonicalMount.Master> masters = new HashMap<>();
    Map<String, Integer> superblocks = new HashMap<>();
    Map<String, String> namespaceFiles = new HashMap<>();
    int[] externals = {0}; // external groups named so far
    List<CanonicalMount> mounts = new ArrayList<>();
    for (Map.Entry<Integer, String> e : names.entrySet()) {
      MountInfoRow row = byId.get(e.getKey());
      int superblock =
          superblocks.computeIfAbsent(row.major() + ":" + row.minor(), k -> superblocks.size() + 1);
      List<String> peers = row.sharedGroup() == 0 ? null : groupMembers.get(row.sharedGroup());
      CanonicalMount.Master master = groupName(row.masterGroup(), masters, groupMembers, externals);
      CanonicalMount.Master propagateFrom =
          groupName(row.propagateFromGroup(), masters, groupMembers, externals);
      MountInfoRow parent = byId.get(row.parentId());
      mounts.add(
          new CanonicalMount(
              e.getValue(),
              parent == null || parent == row ? null : names.get(parent.mountId()),
              namespaceFileRoot(row.root(), namespaceFiles),
              row.fsType(),
              row.source(),
              superblock,
              peers,
              master,
              propagateFrom,
              row.unbindable(),
              row.mountOptions(),
              row.superOptions()));
    }
    return new CanonicalTable(mounts);
  }

  /** The canonical names in canonical order; {@code ties} orders siblings alike otherwise. */
  private static LinkedHashMap<Integer, String> names(
      Map<Integer, MountInfoRow> byId,
      Map<Integer, List<MountInfoRow>> children,
      List<MountInfoRow> roots,
      Map<Integer, String> ties) {
    LinkedHashMap<Integer, String> names = new LinkedHashMap<>();
    Map<Integer, Integer> stackDepth = new HashMap<>();
    Map<Integer, String> stackBase = new HashMap<>();
    Set<String> used = new HashSet<>();
    Deque<MountInfoRow> todo = new ArrayDeque<>();
    pushSorted(todo, roots, null, ties);
    while (!todo.isEmpty()) {
      MountInfoRow row = todo.pop();
      MountInfoRow parent = byId.get(row.parentId());
      String base;
      int depth;
      if (parent == null || !names.containsKey(parent.mountId()) || parent == row) {
        base = row.mountPoint();
        depth = 0;
      } else {
        String rel = relative(parent, row);
        if (rel.isEmpty()) {
          base = stackBase.get(parent.mountId());
          depth = stackDepth.get(parent.mountId()) + 1;
        } else {
          base = names.get(parent.mountId()) + rel;
          depth = 0;
        }
      }
      String name = depth == 0 ? base : base + "@" + depth;
      String unique = name;
      for (int k = 2; !used.add(unique); k++) unique = name + "~" + k;
      names.put(row.mountId(), unique);
      stackBase.put(row.mountId(), depth == 0 ? unique : base);
      stackDepth.put(row.mountId(), depth);
      pushSorted(todo, children.getOrDefault(row.mountId(), List.of()), row, ties);
    }

    return names;
  }

  /** Rows with a sibling that the id-free fields of the sort do not tell apart. */
  private static List<MountInfoRow> tiedSiblings(
      List<MountInfoRow> roots, Map<Integer, List<MountInfoRow>> children) {
    List<MountInfoRow> out = new ArrayList<>();
    List<List<MountInfoRow>> families = new ArrayList<>(children.values());
    families.add(roots);
    for (List<MountInfoRow> family : families) {
      if (family.size() < 2) continue;
      Map<String, List<MountInfoRow>> alike = new HashMap<>();
      for (MountInfoRow r : family)
        alike
            .computeIfAbsent(
                r.mountPoint()
                    + "\0"
                    + r.root()
                    + "\0"
                    + r.fsType()
                    + "\0"
                    + r.source()
                    + "\0"
                    + r.optionalFields().size(),
                k -> new ArrayList<>())
            .add(r);
      for (List<MountInfoRow> same : alike.values()) if (same.size() > 1) out.addAll(same);
    }
    return out;
  }

  /**
   * The names of a row's other peers and of the members of its master and propagate_from groups, as
   * the first naming pass gave them.
   */
  private static String relations(
      MountInfoRow row, Map<Integer, TreeSet<String>> groups, Map<Integer, String> names) {
    TreeSet<String> peers = new TreeSet<>(groups.getOrDefault(row.sharedGroup(), new TreeSet<>()));
    peers.remove(names.get(row.mountId()));
    return peers
        + "|"
        + groups.getOrDefault(row.masterGroup(), new TreeSet<>())
        + "|"
        + groups.getOrDefault(row.propagateFromGroup(), new TreeSet<>());
  }

  /** {@code mnt:[INODE]} as {@code mnt:[k]} (k-th distinct inode); any other root unchanged. */
  private static String namespaceFileRoot(String root, Map<String, String> seen) {
    if (!root.startsWith("mnt:[") || !root.endsWith("]")) return root;
    return seen.computeIfAbsent(root, r -> "mnt:[" + (seen.size() + 1) + "]");
  }

  /**
   * The canonical name of a peer group named by {@code master:} or {@code propagate_from:}: its
   * members in the table, or {@code external#k} numbered in order of first mention; null for 0.
   */
  private static CanonicalMount.Master groupName(
      int group,
      Map<Integer, CanonicalMount.Master> named,
      Map<Integer, List<String>> groupMembers,
      int[] externals) {
    if (group == 0) return null;
    CanonicalMount.Master known = named.get(group);
    if (known != null) return known;
    List<String> members = groupMembers.get(group);
    CanonicalMount.Master name =
        members != null
            ? new CanonicalMount.Master.Group(members)
            : new CanonicalMount.Master.External(++externals[0]);
    named.put(group, name);
    return name;
  }

  /**
   * Same mounts in the same canonical order. Compares each peer group's member list once rather
   * than once per member, so equality stays linear for groups of any size.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof CanonicalTable other) || other.mounts.size() != mounts.size()) return false;
    GroupEquality groups = new GroupEquality();
    for (int i = 0; i < mounts.size(); i++)
      if (!groups.sameMount(mounts.get(i), other.mounts.get(i))) return false;
    return true;
  }

  /** Consistent with {@link #equals}: member lists enter only through their sizes. */
  @Override
  public int hashCode() {
    int h = 1;
    for (CanonicalMount m : mounts) {
      h =
          31 * h
              + Objects.hash(
                  m.name(),
                  m.parent(),
                  m.root(),
                  m.fsType(),
                  m.source(),
                  m.superblock(),
                  m.unbindable(),
                  m.mountOptions(),
                  m.superOptions(),
                  m.propagateFrom() instanceof CanonicalMount.Master.Group g
                      ? g.members().size()
                      : m.propagateFrom(),
                  m.peers() == null ? -1 : m.peers().size(),
                  m.master() instanceof CanonicalMount.Master.Group g
                      ? g.members().size()
                      : m.master());
    }
    return h;
  }

  /** The mount with this canonical name, or null. */
  public CanonicalMount mount(String name) {
    for (CanonicalMount m : mounts) if (m.name().equals(name)) return m;
    return null;
  }

  /** The table as aligned text: a header line, then one line per mount in canonical order. */
  public String render() {
    List<String[]> lines = new ArrayList<>();
    lines.add(
        new String[] {
          "name",
          "parent",
          "root",
          "fstype",
          "source",
          "sb",
          "options",
          "peers",
          "master",
          "propagate_from",
          "unbindable"
        });
    for (CanonicalMount m : mounts) {
      lines.add(
          new String[] {
            m.name(),
            m.parent() == null ? "-" : m.parent(),
            m.root(),
            m.fsType(),
            m.source(),
            "sb" + m.superblock(),
            m.mountOptions() + " " + m.superOptions(),
            m.peersText(),
            m.masterText(),
            m.propagateFromText(),
            m.unbindable() ? "unbindable" : "-"
          });
    }
    int[] width = new int[lines.get(0).length];
    for (String[] line : lines)
      for (int i = 0; i < line.length; i++) width[i] = Math.max(width[i], line[i].length());
    StringBuilder out = new StringBuilder();
    for (String[] line : lines) {
      StringBuilder l = new StringBuilder();
      for (int i = 0; i < line.length; i++) {
        l.append(line[i]);
        if (i + 1 < line.length) l.append(" ".repeat(width[i] - line[i].length() + 2));
      }
      out.append(l.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return render();
  }

  /** The child's mount point relative to the parent's, "" when stacked on the same path. */
  private static String relative(MountInfoRow parent, MountInfoRow child) {
    String p = parent.mountPoint();
    String c = child.mountPoint();
    if (c.equals(p)) return "";
    String prefix = p.endsWith("/") ? p : p + "/";
    if (c.startsWith(prefix)) return c.substring(prefix.length() - 1);
    return "!" + c; // a mount point outside the parent's path: keep it whole, marked
  }

  /** Pushes rows so that they pop in sorted order: by relative mount point, then content. */
  private static void pushSorted(
      Deque<MountInfoRow> todo,
      List<MountInfoRow> rows,
      MountInfoRow parent,
      Map<Integer, String> ties) {
    List<MountInfoRow> sorted = new ArrayList<>(rows);
    sorted.sort(
        Comparator.comparing(
                (MountInfoRow r) -> parent == null ? r.mountPoint() : relative(parent, r))
            .thenComparing(MountInfoRow::root)
            .thenComparing(MountInfoRow::fsType)
            .thenComparing(MountInfoRow::source)
            .thenComparing(r -> r.optionalFields().size())
            .thenComparing((MountInfoRow r) -> ties.getOrDefault(r.mountId(), ""))
            .thenComparingInt(MountInfoRow::mountId));
    for (int i = sorted.size() - 1; i >= 0; i--) todo.push(sorted.get(i));
  }
}
