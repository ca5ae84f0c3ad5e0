package mountcheck.kernel;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mountcheck.process.ProcessRun;

/**
 * The resident executor run without a kernel (docs/architecture.md §4.1): {@code perl syscalls.pl
 * explain} prints the calls it plans for each line of a scenario and makes none; {@code perl
 * syscalls.pl constants} prints its table of names and numbers. Both need only perl.
 */
public final class ExecutorDryRun {
  private static final Duration LIMIT = Duration.ofSeconds(30);

  private ExecutorDryRun() {}

  /**
   * The planned calls of each command line of {@code scenarioText}, by its 1-based line, as the
   * executor {@code program} prints them ({@link ExpectedCalls#explained} gives the same form).
   */
  public static Map<Integer, List<String>> explain(String program, String scenarioText)
      throws IOException {
    Map<Integer, List<String>> out = new LinkedHashMap<>();
    List<String> current = null;
    for (String line : run(program, "explain", scenarioText).split("\n")) {
      if (line.isEmpty()) continue;
      if (line.startsWith("  ")) {
        if (current == null) throw new IOException("explain: a call before any line: " + line);
        current.add(line.substring(2));
      } else {
        current = new ArrayList<>();
        out.put(Integer.parseInt(line.substring(0, line.indexOf(':'))), current);
      }
    }
    return out;
  }

  /** {@link #explain(String, String)} of the executor this runner ships. */
  public static Map<Integer, List<String>> explain(String scenarioText) throws IOException {
    return explain(Executor.program(), scenarioText);
  }

  /** The executor's table: each name with its value. */
  public static Map<String, Long> constants() throws IOException {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String line : run(Executor.program(), "constants", "").split("\n")) {
      if (line.isEmpty()) continue;
      String[] f = line.split(" ");
      out.put(f[0], Long.parseLong(f[1]));
    }
    return out;
  }

  private static String run(String program, String mode, String input) throws IOException {
    ProcessRun.Execution e = ProcessRun.execute(List.of("perl", "-e", program, mode), input, LIMIT);
    if (e.timedOut() || e.exitStatus() != 0)
      throw new IOException("perl syscalls.pl " + mode + " failed: " + e.stderr());
    return e.stdout();
  }
}
