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
 * assertion, and checked against a recorded kernel answer. They are what the upstream test asserts,
 * said about the final mount table, so that a recording is checked against the test and not only
 * against the model.
 *
 * <p>Each assertion is one line, optionally prefixed with {@code in FILE} to speak about the table
 * of the named namespace held by FILE instead of the shell's own:
 *
 * <ul>
 *   <li>{@code failures none}, or {@code failures LINE:ERRNO...}: exactly these lines failed
 *       ({@code LINE:*}: that line failed with any errno, where the test only asserts a failure);
 *   <li>{@code count PATH N}: N rows have their mount point at or below PATH;
 *   <li>{@code at PATH N}: N rows have the mount point PATH (a stack counts each mount);
 *   <li>{@code top PATH root R}: the topmost mount at PATH has the root field R;
 *   <li>{@code top PATH parent Q}: the topmost mount at PATH sits on a mount at the mount point Q;
 *   <li>{@code top PATH shared|slave|private|unbindable}: its propagation as mountinfo prints it
 *       (private: none of {@code shared:}, {@code master:}, {@code unbindable});
 *   <li>{@code top PATH options W,...}: the per-mount options field (mountinfo's sixth, what {@code
 *       statvfs()}'s flags report) of the topmost mount at PATH is exactly these words, in any
 *       order;
 *   <li>{@code top PATH source S}: its source field (the tmpfs's label) is S;
 *   <li>{@code all PATH options W,...} and {@code all PATH shared|slave|private|unbindable}: the
 *       same for every row at or below PATH (at least one);
 *   <li>{@code one-group PATH}: every row at or below PATH is a peer of one and the same group.
 * </ul>
 *
 * <p>A test that skips itself on kernels without a call ({@code mount_setattr} before 5.12, a mount
 * on a detached tree before 6.15) says where its assertions apply in a second field, {@code #
 * assert-kernels: K...} (the kernels' names, {@link #KERNELS_KEY}); its answer is recorded on every
 * kernel all the same, and the model is held to each recording.
 *
 * <p>One more kind speaks about the mount events a command causes, as fanotify's mount marks report
 * them (the mount-notify tests' own assertions): {@code events CMD nsN KIND...}, where CMD is
 * {@code last} or {@code last-K} (the last command, or the K-th before it), and KIND is {@code
 * attach}, {@code detach} or {@code move} (one event with both bits), with {@code KIND*N} for N of
 * them, or {@code none}: the multiset of events that command causes in namespace N. These are
 * checked against the model's {@code run --events} lines ({@link #eventViolations}); {@code
 * LiveEventsTest} holds the model's events to the live kernel's for every recorded case.
 */
final class SelftestAssertions {
  /** The header key of the assertions. */
  static final String KEY = "assert";

  /** The header key of the kernels the assertions apply to (absent: every kernel). */
  static final String KERNELS_KEY = "assert-kernels";

  private SelftestAssertions() {}

  /**
   * The header key naming the kernels (by {@code --kernel} name) where the upstream test passes,
   * for a test newer than some kernels of the matrix; absent, it passes on all of them.
   */
  static final String PASSES_ON_KEY = "kernels";

  /** Whether the upstream test's assertions are to hold on the kernel of that name. */
  static boolean holdsOn(String scenarioText, String kernel) {
    Optional<String> names = HeaderFormat.field(scenarioText, PASSES_ON_KEY);
    return names.isEmpty() || Arrays.asList(names.get().strip().split("[ ,]+")).contains(kernel);
  }

  /** The assertion lines of a scenario's text (empty when it has none). */
  static List<String> of(String scenarioText) {
    Optional<String> block = HeaderFormat.field(scenarioText, KEY);
    if (block.isEmpty()) return List.of();
    return block.get().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
  }

  /**
   * Whether the test's assertions apply to the kernel named {@code kernel}: the scenario has no
   * {@code # assert-kernels:} field, or the field names it.
   */
  static boolean appliesTo(String scenarioText, String kernel) {
    return HeaderFormat.field(scenarioText, KERNELS_KEY)
        .map(v -> Arrays.asList(v.strip().split(" +")).contains(kernel))
        .orElse(true);
  }

  /** The assertions {@code outcome} breaks, each with what was found instead; empty if none. */
  static List<String> violations(List<String> assertions, ExpectedOutcome outcome) {
    List<String> out = new ArrayList<>();
    for (String a : assertions) {
      if (a.startsWith("events ")) continue;
      String problem = check(a, outcome);
      if (problem != null) out.add(a + ": " + problem);
    }
    return out;
  }

  /** The assertions about events of the commands. */
  static List<String> eventAssertions(List<String> assertions) {
    return assertions.stream().filter(a -> a.startsWith("events ")).toList();
  }

  /**
   * The {@code events} assertions that the event lines of {@code run --events} ({@link
   * mountcheck.model.text.EventLines}, without the exits at the end) break; empty if none.
   */
  static List<String> eventViolations(List<String> assertions, List<String> eventLines) {
    List<List<String>> commands = new ArrayList<>();
    for (String line : eventLines) {
      if (!line.startsWith(" ")) commands.add(new ArrayList<>());
      else commands.get(commands.size() - 1).add(line.strip());
    }
    List<String> out = new ArrayList<>();
    for (String a : eventAssertions(assertions)) {
      List<String> w = Arrays.asList(a.split(" +"));
      int back = w.get(1).equals("last") ? 0 : Integer.parseInt(w.get(1).substring(5));
      List<String> lines = commands.get(commands.size() - 1 - back);
      String ns = w.get(2);
      List<String> found =
          lines.stream()
              .map(l -> l.split(" "))
              .filter(f -> f.length > 1 && f[1].equals(ns) && !f[0].equals("event"))
              .map(f -> f[0])
              .sorted()
              .toList();
      List<String> want = new ArrayList<>();
      for (String kind : w.subList(3, w.size())) {
        if (kind.equals("none")) continue;
        int star = kind.indexOf('*');
        int n = star < 0 ? 1 : Integer.parseInt(kind.substring(star + 1));
        for (int i = 0; i < n; i++) want.add(star < 0 ? kind : kind.substring(0, star));
      }
      if (!found.equals(want.stream().sorted().toList())) out.add(a + ": events " + found);
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
    if (found.size() != want.size()) return "failed lines " + found;
    List<String> wanted = new ArrayList<>(want);
    for (String f : found) {
      String anyErrno = f.substring(0, f.indexOf(':')) + ":*";
      if (!wanted.remove(f) && !wanted.remove(anyErrno)) return "failed lines " + found;
    }
    return null;
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
    if (w.size() >= 3 && w.get(0).equals("all")) return all(w, rows);
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
    if (w.size() == 4 && what.equals("source")) {
      return top.source().equals(w.get(3)) ? null : "source " + top.source();
    }
    return property(w, top);
  }

  private static String all(List<String> w, List<MountInfoRow> rows) {
    List<MountInfoRow> below =
        rows.stream().filter(r -> atOrBelow(r.mountPoint(), w.get(1))).toList();
    if (below.isEmpty()) return "no rows at or below " + w.get(1);
    for (MountInfoRow r : below) {
      String problem = property(w, r);
      if (problem != null) return r.mountPoint() + ": " + problem;
    }
    return null;
  }

  /** {@code options W,...} or a propagation word, said of one row. */
  private static String property(List<String> w, MountInfoRow row) {
    String what = w.get(2);
    if (w.size() == 4 && what.equals("options")) {
      List<String> want = Arrays.stream(w.get(3).split(",")).sorted().toList();
      List<String> found = Arrays.stream(row.mountOptions().split(",")).sorted().toList();
      return found.equals(want) ? null : "options " + row.mountOptions();
    }
    if (w.size() == 3) {
      boolean holds =
          switch (what) {
            case "shared" -> row.sharedGroup() != 0;
            case "slave" -> row.masterGroup() != 0;
            case "unbindable" -> row.unbindable();
            case "private" -> row.sharedGroup() == 0 && row.masterGroup() == 0 && !row.unbindable();
            default -> throw new IllegalArgumentException("not a propagation: " + what);
          };
      return holds ? null : "optional fields " + row.optionalFields();
    }
    throw new IllegalArgumentException("not an assertion: " + String.join(" ", w));
  }

  private static boolean atOrBelow(String mountPoint, String path) {
    return mountPoint.equals(path) || mountPoint.startsWith(path + "/");
  }
}
