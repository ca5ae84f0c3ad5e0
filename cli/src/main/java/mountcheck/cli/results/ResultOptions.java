package mountcheck.cli.results;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The {@code --format} and {@code --junit} options of every command that produces {@link Result}s
 * (a picocli mixin). With {@code --format json} a command prints only JSON Lines on stdout (its
 * human-readable table is left out; progress stays on stderr).
 */
public final class ResultOptions {
  /** The forms a command's results can take on stdout. */
  public enum Format {
    text,
    json
  }

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description =
          "stdout format: text (tables) or json (JSON Lines, one object per result; see"
              + " docs/commands.md) (default: ${DEFAULT-VALUE})")
  Format format = Format.text;

  @Option(
      names = "--junit",
      paramLabel = "FILE",
      description = "also write the results as JUnit XML to FILE (default: none)")
  Path junit;

  /** Whether the command prints its human-readable output on stdout. */
  public boolean text() {
    return format == Format.text;
  }

  /** Writes the results as --format and --junit ask: JSON Lines on {@code out}, JUnit to a file. */
  public void emit(PrintWriter out, List<Result> results) {
    if (format == Format.json) JsonLines.write(out, results);
    if (junit != null) JUnitXml.write(junit, results);
  }
}
