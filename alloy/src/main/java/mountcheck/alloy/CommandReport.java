package mountcheck.alloy;

import java.util.ArrayList;
import java.util.List;

/**
 * The result of one Alloy command.
 *
 * @param spec spec name
 * @param command command label (the name after {@code run}/{@code check})
 * @param check true for {@code check}, false for {@code run}
 * @param scope the scope actually used, in Alloy syntax ({@code for 6 but 12 steps})
 * @param outcome what the solver found
 * @param expected the command's {@code expect} value: 0, 1, or -1 when it has none
 * @param primaryVars primary SAT variables of the last translation (-1 if unknown)
 * @param totalVars all SAT variables of the last translation (-1 if unknown)
 * @param clauses SAT clauses of the last translation (-1 if unknown)
 * @param millis wall time of translation and solving
 * @param files files written for this command (Alloy XML, scenario)
 * @param note extra information: why a scenario could not be written, an error message
 */
public record CommandReport(
    String spec,
    String command,
    boolean check,
    String scope,
    Outcome outcome,
    int expected,
    int primaryVars,
    int totalVars,
    int clauses,
    long millis,
    List<String> files,
    String note) {

  public CommandReport {
    files = List.copyOf(files);
    note = note == null ? "" : note;
  }

  /** True when the command has no expectation or the outcome equals it. */
  public boolean asExpected() {
    if (outcome == Outcome.TIMEOUT || outcome == Outcome.ERROR) {
      return false;
    }
    return expected < 0 || expected == outcome.asExpectValue();
  }

  /** One tab-separated line, the wire format between a child JVM and its parent. */
  public String toLine() {
    List<String> fields = new ArrayList<>();
    fields.add(spec);
    fields.add(command);
    fields.add(Boolean.toString(check));
    fields.add(scope);
    fields.add(outcome.name());
    fields.add(Integer.toString(expected));
    fields.add(Integer.toString(primaryVars));
    fields.add(Integer.toString(totalVars));
    fields.add(Integer.toString(clauses));
    fields.add(Long.toString(millis));
    fields.add(String.join("|", files));
    fields.add(note);
    return String.join("\t", fields.stream().map(CommandReport::clean).toList());
  }

  /** Parses {@link #toLine()}. */
  public static CommandReport fromLine(String line) {
    String[] f = line.split("\t", -1);
    if (f.length != 12) {
      throw new IllegalArgumentException("not a command report line: " + line);
    }
    return new CommandReport(
        f[0],
        f[1],
        Boolean.parseBoolean(f[2]),
        f[3],
        Outcome.valueOf(f[4]),
        Integer.parseInt(f[5]),
        Integer.parseInt(f[6]),
        Integer.parseInt(f[7]),
        Integer.parseInt(f[8]),
        Long.parseLong(f[9]),
        f[10].isEmpty() ? List.of() : List.of(f[10].split("\\|")),
        f[11]);
  }

  private static String clean(String s) {
    return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }
}
