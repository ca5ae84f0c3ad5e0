package mountcheck.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.HeaderFormat;
import mountcheck.model.text.MountInfoRow;

/**
 * The hand-derived assertions of a translated selftest case ({@code conformance/selftests/}),
 * written in the scenario's header as a field {@code # assert:} with one continuation line per
 * assertion, and checked against a recorded kernel answer. They are what the upstream test
 * asserts, said about the final mount table, so that a recording is checked against the test and
 * not only against the model.
 *
 * <p>Each assertion is one line, optionally prefixed with {@code in FILE} to speak about the
 * table of the named namespace held by FILE instead of the shell's own:
 *
 * <ul>
 *   <li>{@code failures none}, or {@code failures LINE:ERRNO...}: exactly these lines failed;
 *   <li>{@code count PATH N}: N rows have their mount point at or below PATH;
 *   <li>{@code at PATH N}: N rows have the mount point PATH (a stack counts each mount);
 *   <li>{@code top PATH root R}: the topmost mount at PATH has the root field R;
 *   <li>{@code top PATH parent Q}: the topmost mount at PATH sits on a mount whose mount point is Q;
 *   <li>{@code top PATH shared|slave|private|unbindable}: its propagation as mountinfo prints it
 *       (private: none of {@code shared:}, {@code master:}, {@code unbindable});
 *   <li>{@code one-group PATH}: every row at or below PATH is a peer of one and the same group.
 * </ul>
 */
final class SelftestAssertions {
  /** The header key of the assertions. */
  static final String KEY = "assert";

  private SelftestAssertions() {}

  /** The assertion lines of a scenario's text (empty when it has none). */
  static List<String> of(String scenarioText) {
    Optional<String> block = HeaderFormat.field(scenarioText, KEY);
    if (block.isEmpty()) return List.of();
    return block.get().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
  }

  /** The assertions {@code outcome} breaks, each with what was found instead; empty if none. */
  static List<String> violations(List<String> assertions, ExpectedOutcome outcome) {
    List<String> out = new ArrayList<>();
    for (String a : assertions) {
      String problem = check(a, outcome);
      if (problem != null) out.add(a + ": " + problem);
    }
    return out;
  }

  private static String check(String assertion, ExpectedOutcome outcome) {
    List<String> words = Arrays.asList(assertion.split(" +"));
    if (words.get(0).equals("failures")) return failures(words.subList(1, words.size()), outcome);
    List<MountInfoRow> rows = outcome.rows();
    if (words.get(0).equals("in")) {
      if (words.size() < 3) return "no namespace file";
      String file = words.get(1);
      Optional<ExpectedOutcome.NamespaceTable> table =
          outcome.namespaces().stream().filter(n -> n.file().equals(file)).findFirst();
      if (table.isEmpty()) return "no table of namespace " + file + " in the answer";
      rows = table.get().rows();
      words = words.subList(2, words.size());
    }
    return table(words, rows);
  }

  private static String failures(List<String> expected, ExpectedOutcome outcome) {
    List<String> found =
        outcome.failures().stream().map(f -> f.line() + ":" + f.errno()).sorted().toList();
    List<String> want =
        expected.equals(List.of("none")) ? List.of() : expected.stream().sorted().toList();
    return found.equals(want) ? null : "failed lines " + found;
  }

  private static String table(List<String> w, List<MountInfoRow> rows) {
    if (w.size() == 3 && w.get(0).equals("count")) {
      long n = rows.stream().filter(r -> atOrBelow(r.mountPoint(), w.get(1))).count();
      return n == Long.parseLong(w.get(2)) ? null : n + " rows";
    }
    if (w.size() == 3 && w.get(0).equals("at")) {
      long n = rows.stream().filter(r -> r.mountPoint().equals(w.get(1))).count();
      return n == Long.parseLong(w.get(2)) ? null : n + " rows";
    }
    if (w.size() == 2 && w.get(0).equals("one-group")) {
      List<Integer> groups =
          rows.stream()
              .filter(r -> atOrBelow(r.mountPoint(), w.get(1)))
              .map(MountInfoRow::sharedGroup)
              .distinct()
              .toList();
      return groups.size() == 1 && groups.get(0) != 0 ? null : "peer groups " + groups;
    }
    if (w.size() >= 3 && w.get(0).equals("top")) return top(w, rows);
    throw new IllegalArgumentException("not an assertion: " + String.join(" ", w));
  }

  private static String top(List<String> w, List<MountInfoRow> rows) {
    String path = w.get(1);
    List<MountInfoRow> at = rows.stream().filter(r -> r.mountPoint().equals(path)).toList();
    List<MountInfoRow> tops =
        at.stream().filter(r -> at.stream().noneMatch(o -> o.parentId() == r.mountId())).toList();
    if (tops.size() != 1) return tops.size() + " topmost mounts at " + path;
    MountInfoRow top = tops.get(0);
    String what = w.get(2);
    if (w.size() == 4 && what.equals("root")) {
      return top.root().equals(w.get(3)) ? null : "root " + top.root();
    }
    if (w.size() == 4 && what.equals("parent")) {
      Optional<MountInfoRow> parent =
          rows.stream().filter(r -> r.mountId() == top.parentId()).findFirst();
      String where = parent.map(MountInfoRow::mountPoint).orElse("(outside the table)");
      return where.equals(w.get(3)) ? null : "parent at " + where;
    }
    if (w.size() == 3) {
      boolean holds =
          switch (what) {
            case "shared" -> top.sharedGroup() != 0;
            case "slave" -> top.masterGroup() != 0;
            case "unbindable" -> top.unbindable();
            case "private" ->
                top.sharedGroup() == 0 && top.masterGroup() == 0 && !top.unbindable();
            default -> throw new IllegalArgumentException("not a propagation: " + what);
          };
      return holds ? null : "optional fields " + top.optionalFields();
    }
    throw new IllegalArgumentException("not an assertion: " + String.join(" ", w));
  }

  private static boolean atOrBelow(String mountPoint, String path) {
    return mountPoint.equals(path) || mountPoint.startsWith(path + "/");
  }
}
