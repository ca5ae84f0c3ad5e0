package mountcheck.model.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code # key: value} comment header of the project's files: scenario counterexamples,
 * lifetime traces, the kernel's recorded answers ({@code X.expected}), the scenarios' own comment
 * blocks ({@code # host-only: REASON}) and the raw runs of {@code bench kernels}. The only reader
 * and writer of such headers.
 *
 * <p>One line per field: {@code #}, a space, the key, a colon, a space and the value. A key is one
 * or more lower-case words separated by single spaces ({@code kernel}, {@code boot-seconds}, {@code
 * mounts below /mnt before the scenario}); a line whose text after {@code "# "} starts with
 * anything else (an indented comment, prose without a colon) is not a field. A value of several
 * lines is written as {@code # key:} followed by one {@code # line} per line.
 */
public final class HeaderFormat {
  static final String CONTINUATION = "#   ";

  private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9-]*( [a-z0-9/][a-z0-9/-]*)*");

  private HeaderFormat() {}

  /** Whether {@code key} can name a field. */
  public static boolean isKey(String key) {
    return KEY.matcher(key).matches();
  }

  /** One header line (without its newline) for a single-line value. */
  public static String line(String key, String value) {
    if (!isKey(key)) throw new IllegalArgumentException("bad key " + key);
    if (value.indexOf('\n') >= 0) throw new IllegalArgumentException("value of several lines");
    return "# " + key + ": " + value;
  }

  /** The header lines for {@code fields}, in their order, each ending with a newline. */
  public static String render(Map<String, String> fields) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : fields.entrySet()) {
      String key = e.getKey();
      String value = e.getValue();
      if (value.indexOf('\n') < 0) {
        b.append(line(key, value)).append('\n');
      } else {
        if (!isKey(key)) throw new IllegalArgumentException("bad key " + key);
        b.append("# ").append(key).append(":\n");
        for (String l : value.split("\n", -1)) b.append(CONTINUATION).append(l).append('\n');
      }
    }
    return b.toString();
  }

  /**
   * Parses header lines; lines that are not fields are skipped and unknown keys are kept. A
   * continuation line belongs to the key above it when that key's own line had no value. When a key
   * occurs twice, the later value wins.
   */
  public static Map<String, String> parse(List<String> headerLines) {
    Map<String, String> fields = new LinkedHashMap<>();
    String key = null;
    List<String> lines = null;
    for (String line : headerLines) {
      if (lines != null && (line.startsWith(CONTINUATION) || line.strip().equals("#"))) {
        lines.add(line.startsWith(CONTINUATION) ? line.substring(CONTINUATION.length()) : "");
        fields.put(key, String.join("\n", lines));
        continue;
      }
      lines = null;
      int colon = line.indexOf(':');
      if (!line.startsWith("# ") || colon < 0) continue;
      String k = line.substring(2, colon);
      if (!isKey(k)) continue;
      String v = line.substring(colon + 1).strip();
      key = k;
      fields.put(k, v);
      if (v.isEmpty()) lines = new ArrayList<>();
    }
    return fields;
  }

  /** The leading {@code #} lines of a file's text: its header. */
  public static List<String> leadingComments(String text) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      String l = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
      if (!l.startsWith("#")) break;
      out.add(l);
    }
    return out;
  }

  /** The value of {@code key} in the leading comment lines of {@code text}, if present. */
  public static Optional<String> field(String text, String key) {
    return Optional.ofNullable(parse(leadingComments(text)).get(key));
  }
}
