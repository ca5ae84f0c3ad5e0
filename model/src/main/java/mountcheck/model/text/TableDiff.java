package mountcheck.model.text;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * A readable difference between two {@link CanonicalTable}s: mounts present on one side only, and
 * for mounts of the same name each field that differs. Empty exactly when the tables are equal.
 */
public record TableDiff(String leftLabel, String rightLabel, List<String> lines) {

  public TableDiff {
    lines = List.copyOf(lines);
  }

  /** Compares {@code left} (called {@code leftLabel} in the output) with {@code right}. */
  public static TableDiff of(
      String leftLabel, CanonicalTable left, String rightLabel, CanonicalTable right) {
    Map<String, CanonicalMount> l = byName(left);
    Map<String, CanonicalMount> r = byName(right);
    List<String> lines = new ArrayList<>();
    GroupEquality groups = new GroupEquality();
    MembersDifference members = new MembersDifference(leftLabel, rightLabel);
    for (CanonicalMount m : left.mounts())
      if (!r.containsKey(m.name())) lines.add("only in " + leftLabel + ": " + describe(m));
    for (CanonicalMount m : right.mounts())
      if (!l.containsKey(m.name())) lines.add("only in " + rightLabel + ": " + describe(m));
    for (CanonicalMount a : left.mounts()) {
      CanonicalMount b = r.get(a.name());
      if (b == null) continue;
      field(
          lines, a, b, "parent", m -> m.parent() == null ? "-" : m.parent(), leftLabel, rightLabel);
      field(lines, a, b, "root", CanonicalMount::root, leftLabel, rightLabel);
      field(lines, a, b, "fstype", CanonicalMount::fsType, leftLabel, rightLabel);
      field(lines, a, b, "source", CanonicalMount::source, leftLabel, rightLabel);
      field(lines, a, b, "superblock", m -> "sb" + m.superblock(), leftLabel, rightLabel);
      if (!groups.sameMembers(a.peers(), b.peers()))
        lines.add(a.name() + ": peers: " + members.describe(a.peers(), b.peers()));
      if (!groups.sameMaster(a.master(), b.master())) {
        if (a.master() instanceof CanonicalMount.Master.Group ga
            && b.master() instanceof CanonicalMount.Master.Group gb)
          lines.add(a.name() + ": master: " + members.describe(ga.members(), gb.members()));
        else field(lines, a, b, "master", CanonicalMount::masterText, leftLabel, rightLabel);
      }
      if (!groups.sameMaster(a.propagateFrom(), b.propagateFrom())) {
        if (a.propagateFrom() instanceof CanonicalMount.Master.Group ga
            && b.propagateFrom() instanceof CanonicalMount.Master.Group gb)
          lines.add(a.name() + ": propagate_from: " + members.describe(ga.members(), gb.members()));
        else
          field(
              lines,
              a,
              b,
              "propagate_from",
              CanonicalMount::propagateFromText,
              leftLabel,
              rightLabel);
      }
      field(lines, a, b, "unbindable", m -> String.valueOf(m.unbindable()), leftLabel, rightLabel);
      field(lines, a, b, "options", CanonicalMount::mountOptions, leftLabel, rightLabel);
      field(lines, a, b, "super options", CanonicalMount::superOptions, leftLabel, rightLabel);
    }
    if (lines.isEmpty() && !left.equals(right))
      lines.add("the mounts are the same but listed in a different order");
    return new TableDiff(leftLabel, rightLabel, lines);
  }

  public boolean isEmpty() {
    return lines.isEmpty();
  }

  /** One difference per line, each ending in a newline; "" when the tables are equal. */
  public String render() {
    StringBuilder out = new StringBuilder();
    for (String line : lines) out.append(line).append('\n');
    return out.toString();
  }

  @Override
  public String toString() {
    return render();
  }

  private static Map<String, CanonicalMount> byName(CanonicalTable table) {
    Map<String, CanonicalMount> map = new LinkedHashMap<>();
    for (CanonicalMount m : table.mounts()) map.put(m.name(), m);
    return map;
  }

  private static String describe(CanonicalMount m) {
    return m.name()
        + " (parent "
        + (m.parent() == null ? "-" : m.parent())
        + ", root "
        + m.root()
        + ", "
        + m.fsType()
        + " "
        + m.source()
        + ", sb"
        + m.superblock()
        + ", peers "
        + m.peersText()
        + ", master "
        + m.masterText()
        + (m.propagateFrom() == null ? "" : ", propagate_from " + m.propagateFromText())
        + ", options "
        + m.mountOptions()
        + " "
        + m.superOptions()
        + (m.unbindable() ? ", unbindable" : "")
        + ")";
  }

  /**
   * Describes two different member lists: both in full when small, else the members on one side
   * only. Memoized per pair of list instances (members of a group share one instance), so a
   * difference in a group of thousands is worked out once, not once per member.
   */
  private static final class MembersDifference {
    private final Map<List<String>, Set<String>> sets = new IdentityHashMap<>();
    private final Map<List<String>, Map<List<String>, String>> texts = new IdentityHashMap<>();
    private final String leftLabel;
    private final String rightLabel;

    MembersDifference(String leftLabel, String rightLabel) {
      this.leftLabel = leftLabel;
      this.rightLabel = rightLabel;
    }

    String describe(List<String> a, List<String> b) {
      if (a == null || b == null || Math.max(a.size(), b.size()) <= CanonicalMount.SHOWN_MEMBERS)
        return leftLabel + " " + text(a) + ", " + rightLabel + " " + text(b);
      return texts
          .computeIfAbsent(a, k -> new IdentityHashMap<>())
          .computeIfAbsent(b, k -> compare(a, b));
    }

    private String compare(List<String> a, List<String> b) {
      Set<String> inA = sets.computeIfAbsent(a, HashSet::new);
      Set<String> inB = sets.computeIfAbsent(b, HashSet::new);
      List<String> onlyA = a.stream().filter(x -> !inB.contains(x)).limit(5).toList();
      List<String> onlyB = b.stream().filter(x -> !inA.contains(x)).limit(5).toList();
      return leftLabel
          + " "
          + a.size()
          + " members, "
          + rightLabel
          + " "
          + b.size()
          + "; only in "
          + leftLabel
          + ": "
          + onlyA
          + ", only in "
          + rightLabel
          + ": "
          + onlyB;
    }

    private static String text(List<String> members) {
      return members == null ? "-" : CanonicalMount.membersText(members);
    }
  }

  private static void field(
      List<String> lines,
      CanonicalMount a,
      CanonicalMount b,
      String field,
      Function<CanonicalMount, String> get,
      String leftLabel,
      String rightLabel) {
    String x = get.apply(a);
    String y = get.apply(b);
    if (!Objects.equals(x, y))
      lines.add(a.name() + ": " + field + ": " + leftLabel + " " + x + ", " + rightLabel + " " + y);
  }
}
