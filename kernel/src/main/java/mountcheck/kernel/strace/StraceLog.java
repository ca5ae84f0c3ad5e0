package mountcheck.kernel.strace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of an {@code strace -f} log into finished calls, in the order they finished: an
 * {@code <unfinished ...>} line and its {@code <... NAME resumed>} line become one call; signal
 * lines ({@code ---}) and exits ({@code +++}) are left out.
 */
public final class StraceLog {
  private static final Pattern PID = Pattern.compile("^(?:\\[pid\\s+)?(\\d+)\\]?\\s+(.*)$");
  private static final Pattern RESUMED = Pattern.compile("^<\\.\\.\\. (\\w+) resumed>\\s?(.*)$");
  private static final Pattern CALL = Pattern.compile("^(\\w+)\\((.*)$");
  private static final String UNFINISHED = " <unfinished ...>";

  private StraceLog() {}

  /** The finished calls of the log, in order. */
  public static List<StraceCall> parse(String text) {
    List<StraceCall> calls = new ArrayList<>();
    Map<Integer, String> pending = new HashMap<>();
    String[] lines = text.split("\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n].strip();
      if (line.isEmpty()) continue;
      int pid = 0;
      Matcher p = PID.matcher(line);
      if (p.matches()) {
        pid = Integer.parseInt(p.group(1));
        line = p.group(2);
      }
      if (line.startsWith("---") || line.startsWith("+++")) continue;
      if (line.endsWith(UNFINISHED)) {
        pending.put(pid, line.substring(0, line.length() - UNFINISHED.length()));
        continue;
      }
      Matcher r = RESUMED.matcher(line);
      if (r.matches()) {
        String start = pending.remove(pid);
        if (start == null) continue;
        line = start + r.group(2);
      }
      StraceCall call = call(pid, line, n + 1);
      if (call != null) calls.add(call);
    }
    return calls;
  }

  private static StraceCall call(int pid, String line, int lineNumber) {
    Matcher c = CALL.matcher(line);
    if (!c.matches()) return null;
    String rest = c.group(2);
    int eq = resultStart(rest);
    if (eq < 0) return null;
    String inside = rest.substring(0, eq).strip();
    if (!inside.endsWith(")")) return null;
    String result = rest.substring(eq + 3).strip();
    String args = inside.substring(0, inside.length() - 1);
    // clone3 prints "{...} => {parent_tid=[N]}, 88": keep the first struct and the size
    return new StraceCall(pid, c.group(1), StraceCall.splitArgs(args), result, lineNumber);
  }

  /** The index of the {@code " = "} that separates the arguments from the result. */
  private static int resultStart(String rest) {
    boolean quoted = false;
    int depth = 0;
    for (int i = 0; i < rest.length(); i++) {
      char ch = rest.charAt(i);
      if (quoted) {
        if (ch == '\\') i++;
        else if (ch == '"') quoted = false;
        continue;
      }
      switch (ch) {
        case '"' -> quoted = true;
        case '(', '[', '{' -> depth++;
        case ')', ']', '}' -> depth--;
        default -> {}
      }
      if (depth < 0 && rest.startsWith(" = ", i + 1)) return i + 1;
    }
    return -1;
  }
}
