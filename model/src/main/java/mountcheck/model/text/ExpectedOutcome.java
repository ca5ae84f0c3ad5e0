package mountcheck.model.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the live kernel did with a scenario, as stored next to it in a {@code X.expected} file:
 *
 * <pre>
 * # recorded from the live kernel by mountcheck's kernel runner
 * # kernel: 6.18.44-...
 * # date: 2026-11-30T10:00:00Z
 * fail 7 EINVAL
 * fail 9 EBUSY
 * mountinfo:
 * 63 43 0:39 / /mnt rw,relatime shared:1 - tmpfs a rw
 * </pre>
 *
 * Header comment lines come first, then one {@code fail LINE ERRNO} per failing scenario line in
 * line order, then {@code mountinfo:} followed by the kernel's mountinfo rows at or below {@code
 * /mnt} (mounts that existed before the scenario left out). A scenario that persists namespaces
 * ({@code unshare --mount=FILE true}) adds, for each such FILE that still holds a namespace at the
 * end, a line {@code mountinfo of namespace FILE:} followed by that namespace's rows, filtered the
 * same way.
 */
public record ExpectedOutcome(
    List<String> header,
    List<Failure> failures,
    List<MountInfoRow> rows,
    List<NamespaceTable> namespaces) {
  private static final Pattern FAIL = Pattern.compile("fail[ \t]+([0-9]+)[ \t]+([A-Z0-9]+)");

  /** The line that starts a held namespace's rows. */
  public static final String NAMESPACE_SECTION = "mountinfo of namespace ";

  public ExpectedOutcome {
    header = List.copyOf(header);
    failures = List.copyOf(failures);
    rows = List.copyOf(rows);
    namespaces = List.copyOf(namespaces);
  }

  public ExpectedOutcome(List<String> header, List<Failure> failures, List<MountInfoRow> rows) {
    this(header, failures, rows, List.of());
  }

  /** The final mountinfo rows of the namespace that the namespace file {@code file} holds. */
  public record NamespaceTable(String file, List<MountInfoRow> rows) {
    public NamespaceTable {
      rows = List.copyOf(rows);
    }

    public CanonicalTable table() {
      return CanonicalTable.of(rows);
    }
  }

  /** A scenario line that failed, with the errno's name (for example {@code EINVAL}). */
  public record Failure(int line, String errno) {}

  /** Header key: the kernel release that gave the answer ({@code uname -r}). */
  public static final String KERNEL = "kernel";

  /** Header key: when the answer was recorded. */
  public static final String DATE = "date";

  /** Header key: how many mounts the namespace held before the scenario. */
  public static final String MOUNTS_BEFORE = "mounts before the scenario";

  /** Header key: the mount points at or below /mnt that existed before, separated by spaces. */
  public static final String HOST_MOUNTS = "mounts below /mnt before the scenario";

  /** The header's {@code # key: value} fields ({@link HeaderFormat}). */
  public Map<String, String> fields() {
    return HeaderFormat.parse(header);
  }

  /** The recorded pre-existing mount points at or below /mnt (empty if not recorded). */
  public List<String> mountPointsBefore() {
    String rest = fields().getOrDefault(HOST_MOUNTS, "").trim();
    return rest.isEmpty() ? List.of() : List.of(rest.split(" "));
  }

  /** The recorded number of mounts before the scenario, or 1 (just the root) if not recorded. */
  public int mountsBefore() {
    String n = fields().get(MOUNTS_BEFORE);
    return n == null ? 1 : Integer.parseInt(n.trim());
  }

  /** The recorded kernel release, or {@code ?} when the header does not name one. */
  public String kernel() {
    return fields().getOrDefault(KERNEL, "?");
  }

  /** The failing lines. */
  public List<Integer> failingLines() {
    return failures.stream().map(Failure::line).toList();
  }

  /** The canonical form of the recorded rows. */
  public CanonicalTable table() {
    return CanonicalTable.of(rows);
  }

  /** The file text; {@link #parse} of it gives back an equal outcome. */
  public String render() {
    StringBuilder out = new StringBuilder();
    for (String h : header) out.append(h.startsWith("#") ? h : "# " + h).append('\n');
    for (Failure f : failures)
      out.append("fail ").append(f.line()).append(' ').append(f.errno()).append('\n');
    out.append("mountinfo:\n");
    out.append(MountInfoFormat.render(rows));
    out.append(renderNamespaces(namespaces));
    return out.toString();
  }

  /**
   * The held namespaces' sections as {@code run}, {@code kernel} and the expected files print them
   * after the main table: {@code mountinfo of namespace FILE:}, then its rows.
   */
  public static String renderNamespaces(List<NamespaceTable> namespaces) {
    StringBuilder out = new StringBuilder();
    for (NamespaceTable n : namespaces) {
      out.append(NAMESPACE_SECTION).append(n.file()).append(":\n");
      out.append(MountInfoFormat.render(n.rows()));
    }
    return out.toString();
  }

  /** Parses an expected file; {@code file} prefixes error messages as {@code FILE:LINE: ...}. */
  public static ExpectedOutcome parse(String file, String text) {
    List<String> header = new ArrayList<>();
    List<Failure> failures = new ArrayList<>();
    List<MountInfoRow> rows = new ArrayList<>();
    List<NamespaceTable> namespaces = new ArrayList<>();
    String namespace = null;
    List<MountInfoRow> namespaceRows = new ArrayList<>();
    boolean inRows = false;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line =
          lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
      if (inRows) {
        if (line.isEmpty()) continue;
        if (line.startsWith(NAMESPACE_SECTION) && line.endsWith(":")) {
          if (namespace != null) namespaces.add(new NamespaceTable(namespace, namespaceRows));
          namespace = line.substring(NAMESPACE_SECTION.length(), line.length() - 1);
          namespaceRows = new ArrayList<>();
          continue;
        }
        try {
          (namespace == null ? rows : namespaceRows).add(MountInfoFormat.parseLine(line));
        } catch (IllegalArgumentException e) {
          throw new ScenarioSyntaxException(file, i + 1, e.getMessage());
        }
        continue;
      }
      String stripped = line.strip();
      if (stripped.isEmpty()) continue;
      if (stripped.startsWith("#")) {
        if (failures.isEmpty()) header.add(stripped);
        continue;
      }
      if (stripped.equals("mountinfo:")) {
        inRows = true;
        continue;
      }
      Matcher m = FAIL.matcher(stripped);
      if (!m.matches())
        throw new ScenarioSyntaxException(
            file, i + 1, "expected 'fail LINE ERRNO' or 'mountinfo:', got '" + stripped + "'");
      failures.add(new Failure(Integer.parseInt(m.group(1)), m.group(2)));
    }
    if (!inRows) throw new ScenarioSyntaxException(file, lines.length, "missing 'mountinfo:' line");
    if (namespace != null) namespaces.add(new NamespaceTable(namespace, namespaceRows));
    return new ExpectedOutcome(header, failures, rows, namespaces);
  }
}
