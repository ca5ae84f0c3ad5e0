package mountcheck.model.text;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code /proc/self/mountinfo} line format of proc(5), as written by the kernel's
 * show_mountinfo() (fs/proc_namespace.c): {@code id parent major:minor root mountpoint options
 * [optional...] - fstype source superoptions}. Root, mount point, fstype and source are escaped the
 * way the kernel's mangle() does it: space, tab, newline and backslash become three-digit octal
 * escapes ({@code \040}, {@code \011}, {@code \012}, {@code \134}). The option fields are kept as
 * written.
 */
public final class MountInfoFormat {
  private static final String ESCAPED = " \t\n\\";

  private MountInfoFormat() {}

  /** Parses every non-empty line of {@code text}. */
  public static List<MountInfoRow> parse(String text) {
    List<MountInfoRow> rows = new ArrayList<>();
    int lineNumber = 0;
    for (String line : text.split("\n")) {
      lineNumber++;
      if (line.isEmpty()) continue;
      try {
        rows.add(parseLine(line));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "mountinfo line " + lineNumber + ": " + e.getMessage(), e);
      }
    }
    return rows;
  }

  /** Parses one mountinfo line (without its newline). */
  public static MountInfoRow parseLine(String line) {
    String[] f = line.split(" ", -1);
    int separator = -1;
    for (int i = 6; i < f.length; i++) {
      if (f[i].equals("-")) {
        separator = i;
        break;
      }
    }
    if (separator < 0 || f.length != separator + 4)
      throw new IllegalArgumentException("not a mountinfo line: '" + line + "'");
    String[] device = f[2].split(":", -1);
    if (device.length != 2) throw new IllegalArgumentException("bad major:minor '" + f[2] + "'");
    List<String> optional = new ArrayList<>();
    for (int i = 6; i < separator; i++) optional.add(f[i]);
    try {
      return new MountInfoRow(
          Integer.parseInt(f[0]),
          Integer.parseInt(f[1]),
          Integer.parseInt(device[0]),
          Integer.parseInt(device[1]),
          unescape(f[3]),
          unescape(f[4]),
          f[5],
          optional,
          unescape(f[separator + 1]),
          unescape(f[separator + 2]),
          f[separator + 3]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad number in '" + line + "'", e);
    }
  }

  /** Renders rows as mountinfo text, one line each, every line ending in a newline. */
  public static String render(List<MountInfoRow> rows) {
    StringBuilder out = new StringBuilder();
    for (MountInfoRow row : rows) out.append(renderLine(row)).append('\n');
    return out.toString();
  }

  /** Renders one row exactly as the kernel writes it (without the newline). */
  public static String renderLine(MountInfoRow row) {
    StringBuilder out = new StringBuilder();
    out.append(row.mountId()).append(' ').append(row.parentId()).append(' ');
    out.append(row.major()).append(':').append(row.minor()).append(' ');
    out.append(escape(row.root())).append(' ').append(escape(row.mountPoint())).append(' ');
    out.append(row.mountOptions());
    for (String field : row.optionalFields()) out.append(' ').append(field);
    out.append(" - ").append(escape(row.fsType())).append(' ').append(escape(row.source()));
    out.append(' ').append(row.superOptions());
    return out.toString();
  }

  /** The kernel's mangle(): octal escapes for space, tab, newline and backslash. */
  public static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (ESCAPED.indexOf(c) >= 0) {
        out.append('\\')
            .append((char) ('0' + ((c >> 6) & 7)))
            .append((char) ('0' + ((c >> 3) & 7)))
            .append((char) ('0' + (c & 7)));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Decodes every {@code \ooo} octal escape; other backslashes are kept as they are. */
  public static String unescape(String s) {
    if (s.indexOf('\\') < 0) return s;
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && isOctal(s, i + 1) && isOctal(s, i + 2) && isOctal(s, i + 3)) {
        int code =
            (s.charAt(i + 1) - '0') * 64 + (s.charAt(i + 2) - '0') * 8 + (s.charAt(i + 3) - '0');
        out.append((char) code);
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean isOctal(String s, int i) {
    return i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '7';
  }
}
