package mountcheck.cli.verify;

import java.util.List;
import mountcheck.cli.results.Result;

/**
 * One row of {@code verify}'s summary and its part of the report.
 *
 * @param area the summary's first column (counterexamples, catalogue, kernel, matrix, ...)
 * @param check what was checked, in words
 * @param verdict what it found
 * @param seconds its duration, or null for a step that did not run as a timed command
 * @param details its section of the report (Markdown), possibly empty
 * @param results its machine-readable results
 */
public record StepOutcome(
    String area,
    String check,
    StepVerdict verdict,
    Double seconds,
    String details,
    List<Result> results) {
  public StepOutcome {
    results = List.copyOf(results);
  }
}
