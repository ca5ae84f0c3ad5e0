package mountcheck.model.text;

import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;

/**
 * Prints a {@link Scenario} as a scenario file: optional header comment lines, then one command per
 * line. {@link ScenarioParser#parse} of the result gives back the same operations.
 */
public final class ScenarioPrinter {
  private ScenarioPrinter() {}

  public static String print(Scenario scenario) {
    return print(scenario, List.of());
  }

  /**
   * Prints {@code header} as comment lines ({@code "# "} is added to lines that do not start with
   * {@code #}; embedded newlines start new comment lines), then the commands.
   */
  public static String print(Scenario scenario, List<String> header) {
    StringBuilder out = new StringBuilder();
    for (String entry : header) {
      for (String line : entry.split("\n", -1)) {
        out.append(line.startsWith("#") ? line : line.isEmpty() ? "#" : "# " + line).append('\n');
      }
    }
    for (Step step : scenario.steps()) out.append(step.operation().toCommand()).append('\n');
    return out.toString();
  }
}
