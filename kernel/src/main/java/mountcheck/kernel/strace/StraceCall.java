package mountcheck.kernel.strace;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One finished system call of an {@code strace -f [-y]} log: the process id, the call's name, its
 * arguments as strace printed them (split at the top-level commas) and its result text.
 *
 * @param pid the process (or thread) id, 0 when the log has no pid column
 * @param name the system call's name
 * @param args the arguments, each as printed (strings still quoted)
 * @param result what follows {@code " = "}: {@code 0}, {@code 7</mnt/x>}, {@code -1 EINVAL (...)}
 * @param lineNumber the log line the call ends on (1-based)
 */
public record StraceCall(int pid, String name, List<String> args, String result, int lineNumber) {
  private static final Pattern FD_WITH_PATH = Pattern.compile("^(-?\\d+)<(.*)>$");
  private static final Pattern ERRNO = Pattern.compile("^-1 ([A-Z0-9]+)\\b.*");

  public StraceCall {
    args = List.copyOf(args);
  }

  /** Whether the call returned without an error. */
  public boolean succeeded() {
    return !result.startsWith("-1 ") && !result.startsWith("?");
  }

  /** The errno name of a failed call ({@code EINVAL}), or null. */
  public String errno() {
    Matcher m = ERRNO.matcher(result);
    return m.matches() ? m.group(1) : null;
  }

  /** The numeric result when it is a number (with or without a {@code <path>}), else -1. */
  public long number() {
    String r = result.split(" ", 2)[0];
    Matcher m = FD_WITH_PATH.matcher(r);
    String digits = m.matches() ? m.group(1) : r;
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The path strace -y printed after a returned descriptor ({@code 7</mnt/x>}), or null. */
  public String resultPath() {
    Matcher m = FD_WITH_PATH.matcher(result.split(" ", 2)[0]);
    return m.matches() ? m.group(2) : null;
  }

  /** Argument {@code i}, or the empty string when the call has fewer. */
  public String arg(int i) {
    return i < args.size() ? args.get(i) : "";
  }

  /** The argument as a string value: unquoted and unescaped, or null for NULL or a non-string. */
  public String stringArg(int i) {
    String a = arg(i);
    if (!a.startsWith("\"")) return null;
    int end = a.lastIndexOf('"');
    if (end <= 0) return null;
    return unescape(a.substring(1, end));
  }

  /** The descriptor number of an argument printed as {@code 7} or {@code 7</path>}, else null. */
  public Integer fdArg(int i) {
    String a = arg(i);
    Matcher m = FD_WITH_PATH.matcher(a);
    String digits = m.matches() ? m.group(1) : a;
    try {
      return Integer.valueOf(digits);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The path strace -y printed after an argument ({@code AT_FDCWD</mnt>}, {@code 7</x>}). */
  public String argPath(int i) {
    String a = arg(i);
    int lt = a.indexOf('<');
    return lt >= 0 && a.endsWith(">") ? a.substring(lt + 1, a.length() - 1) : null;
  }

  /** The text of the call as it appears in the log, shortened for a comment. */
  public String text() {
    String s = name + "(" + String.join(", ", args) + ") = " + result;
    return s.length() > 160 ? s.substring(0, 157) + "..." : s;
  }

  /** Splits an argument list at the commas outside quotes, brackets and braces. */
  static List<String> splitArgs(String text) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    StringBuilder cur = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        cur.append(c);
        if (c == '\\' && i + 1 < text.length()) cur.append(text.charAt(++i));
        else if (c == '"') quoted = false;
        continue;
      }
      switch (c) {
        case '"' -> quoted = true;
        case '(', '[', '{', '<' -> depth++;
        case ')', ']', '}', '>' -> depth--;
        default -> {}
      }
      if (c == ',' && depth == 0) {
        out.add(cur.toString().trim());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    if (!cur.toString().isBlank()) out.add(cur.toString().trim());
    return out;
  }

  private static String unescape(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        b.append(
            switch (n) {
              case 'n' -> '\n';
              case 't' -> '\t';
              default -> n;
            });
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
