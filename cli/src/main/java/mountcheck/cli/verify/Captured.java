package mountcheck.cli.verify;

import java.util.List;
import mountcheck.cli.results.Result;

/**
 * A subcommand's captured run: its exit status, what it printed, and its results.
 *
 * @param exit the exit status (0 holds, 3 the live kernel could not be used, else failed)
 * @param out its standard output
 * @param err its standard error
 * @param results the results it produced, if it is a result source
 */
public record Captured(int exit, String out, String err, List<Result> results) {
  public Captured {
    results = List.copyOf(results);
  }

  /** The names of the failing results, or {@code otherwise} when it gave none. */
  public String failing(String otherwise) {
    List<String> names =
        results.stream()
            .filter(r -> !r.ok())
            .map(
                r ->
                    r.name()
                        + (r.counterexample() != null && !r.command().equals("replay")
                            ? " (" + r.counterexample() + ")"
                            : ""))
            .toList();
    return names.isEmpty() ? otherwise : String.join(", ", names);
  }

  /** The first non-blank line of its standard error. */
  public String firstErrorLine() {
    return err.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
  }

  /** The last non-blank line of its standard error. */
  public String lastErrorLine() {
    List<String> l = err.lines().filter(x -> !x.isBlank()).toList();
    return l.isEmpty() ? "" : l.get(l.size() - 1);
  }
}
