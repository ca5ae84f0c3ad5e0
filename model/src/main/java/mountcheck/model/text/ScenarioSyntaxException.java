package mountcheck.model.text;

/**
 * A line of a scenario file that is outside the scenario language. The message is {@code FILE:LINE:
 * message}, the form the CLI prints before exiting with status 2.
 */
public final class ScenarioSyntaxException extends IllegalArgumentException {
  private final String file;
  private final int line;
  private final String reason;

  public ScenarioSyntaxException(String file, int line, String reason) {
    super(file + ":" + line + ": " + reason);
    this.file = file;
    this.line = line;
    this.reason = reason;
  }

  /** The scenario's file name as given to the parser. */
  public String file() {
    return file;
  }

  /** The 1-based line of the offending text. */
  public int line() {
    return line;
  }

  /** What was expected, without the {@code FILE:LINE: } prefix. */
  public String reason() {
    return reason;
  }
}
