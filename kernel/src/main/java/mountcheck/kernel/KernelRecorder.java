package mountcheck.kernel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.HeaderFormat;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.TableDiff;

/**
 * Records what the live kernel does with a scenario file {@code X.sh} into {@code X.expected} next
 * to it, in the {@link ExpectedOutcome} format: header comments (who recorded it, the kernel
 * release, the date), one {@code fail LINE ERRNO} per failing line, then {@code mountinfo:} and the
 * filtered rows.
 */
public final class KernelRecorder {
  /** The first header line of every recorded file. */
  public static final String ORIGIN =
      "# recorded from the live kernel by mountcheck's kernel runner";

  private final KernelRunner runner;

  public KernelRecorder(KernelRunner runner) {
    this.runner = runner;
  }

  /** The expected file that belongs to a scenario file: X.sh gives X.expected. */
  public static Path expectedFile(Path scenarioFile) {
    String name = scenarioFile.getFileName().toString();
    String base = name.endsWith(".sh") ? name.substring(0, name.length() - 3) : name;
    return scenarioFile.resolveSibling(base + ".expected");
  }

  /** The outcome file text for a kernel result. */
  public static ExpectedOutcome outcome(KernelResult result, String kernelRelease, Instant date) {
    List<ExpectedOutcome.Failure> failures = new ArrayList<>();
    for (LineOutcome o : result.failures())
      failures.add(new ExpectedOutcome.Failure(o.line(), o.errno()));
    return new ExpectedOutcome(
        List.of(
            ORIGIN,
            HeaderFormat.line(ExpectedOutcome.KERNEL, kernelRelease),
            HeaderFormat.line(
                ExpectedOutcome.DATE, date.truncatedTo(ChronoUnit.SECONDS).toString()),
            HeaderFormat.line(ExpectedOutcome.MOUNTS_BEFORE, String.valueOf(result.mountsBefore())),
            HeaderFormat.line(
                ExpectedOutcome.HOST_MOUNTS, String.join(" ", result.mountPointsBefore()))),
        failures,
        result.rows(),
        result.namespaces());
  }

  /**
   * How the kernel's answer differs from a recorded one: failing lines (line and errno) and the
   * canonical tables of the rows. Empty when they agree.
   */
  public static String difference(ExpectedOutcome recorded, KernelResult now) {
    StringBuilder out = new StringBuilder();
    List<ExpectedOutcome.Failure> failures = outcome(now, "", Instant.EPOCH).failures();
    if (!failures.equals(recorded.failures()))
      out.append("failing lines: recorded ")
          .append(text(recorded.failures()))
          .append(", kernel now ")
          .append(text(failures))
          .append('\n');
    TableDiff diff =
        TableDiff.of("recorded", recorded.table(), "kernel now", CanonicalTable.of(now.rows()));
    out.append(diff.render());
    for (String l :
        OutcomeDiff.namespaces("recorded", recorded, "kernel now", outcome(now, "", Instant.EPOCH)))
      out.append(l).append('\n');
    return out.toString();
  }

  private static String text(List<ExpectedOutcome.Failure> failures) {
    if (failures.isEmpty()) return "none";
    StringBuilder out = new StringBuilder();
    for (ExpectedOutcome.Failure f : failures) {
      if (out.length() > 0) out.append(", ");
      out.append(f.line()).append(' ').append(f.errno());
    }
    return out.toString();
  }

  /** The running kernel's release (uname -r). */
  public static String kernelRelease() {
    return System.getProperty("os.version");
  }

  /**
   * Parses and runs {@code scenarioFile} and writes its expected file; returns the file written. A
   * syntax error in the scenario is a {@link mountcheck.model.text.ScenarioSyntaxException}.
   */
  public Path record(Path scenarioFile) throws IOException, KernelException {
    String text = Files.readString(scenarioFile, StandardCharsets.UTF_8);
    Scenario scenario = ScenarioParser.parse(scenarioFile.toString(), text);
    return record(scenarioFile, runner.run(scenario));
  }

  /** Writes the expected file of {@code scenarioFile} for an existing result. */
  public static Path record(Path scenarioFile, KernelResult result) throws IOException {
    Path target = expectedFile(scenarioFile);
    String text = outcome(result, kernelRelease(), Instant.now()).render();
    Files.writeString(target, text, StandardCharsets.UTF_8);
    return target;
  }
}
