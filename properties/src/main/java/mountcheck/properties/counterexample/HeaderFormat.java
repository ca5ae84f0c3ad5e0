package mountcheck.properties.counterexample;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code # key: value} comment header of the project's files (scenario counterexamples and
 * lifetime traces): one line per field; a value of several lines is written as {@code # key:}
 * followed by one {@code # line} per line. The only parser of such headers.
 */
public final class HeaderFormat {
  static final String CONTINUATION = "#   ";

  private HeaderFormat() {}

  /** The header lines for {@code fields}, in their order, each ending with a newline. */
  public static String render(Map<String, String> fields) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : fields.entrySet()) {
      String key = e.getKey();
      if (!key.matches("[a-z][a-z0-9-]*")) throw new IllegalArgumentException("bad key " + key);
      String value = e.getValue();
      if (value.indexOf('\n') < 0) {
        b.append("# ").append(key).append(": ").append(value).append('\n');
      } else {
        b.append("# ").append(key).append(":\n");
        for (String line : value.split("\n", -1)) b.append(CONTINUATION).append(line).append('\n');
      }
    }
    return b.toString();
  }

  /**
   * Parses the header lines (the leading lines that start with {@code #}); unknown keys are kept. A
   * continuation line belongs to the key above it.
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
      String k = line.substring(2, colon).trim();
      if (!k.matches("[a-z][a-z0-9-]*")) continue;
      String v = line.substring(colon + 1).strip();
      key = k;
      fields.put(k, v);
      if (v.isEmpty()) lines = new ArrayList<>();
    }
    return fields;
  }
}
