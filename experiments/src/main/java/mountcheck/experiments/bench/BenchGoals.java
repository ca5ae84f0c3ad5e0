package mountcheck.experiments.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The goals the benchmark reports compare with, read from the data file {@code goals.tsv} beside
 * this class: the numbers the issues asked for (a time ratio per doubling of mounts, a fall of the
 * time per namespace between two kernels), kept out of the code. A report prints whether a
 * measurement meets a goal; nothing asserts it.
 */
public final class BenchGoals {
  /** The goals of the committed data file. */
  public static final BenchGoals STANDARD = parse(resource("goals.tsv"));

  private final Map<String, String> values;

  private BenchGoals(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /**
   * Reads goals from {@code text}: one a line, {@code goal TAB value TAB meaning}; lines starting
   * with {@code #} and blank lines are comments.
   */
  public static BenchGoals parse(String text) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) continue;
      String[] cells = line.split("\t");
      if (cells.length < 2 || cells[0].isBlank() || cells[1].isBlank())
        throw new IllegalArgumentException("a goal needs a name and a value: " + line);
      if (values.put(cells[0].strip(), cells[1].strip()) != null)
        throw new IllegalArgumentException("goal given twice: " + cells[0]);
    }
    return new BenchGoals(values);
  }

  /** The value of goal {@code name} as text (a kernel's name). */
  public String text(String name) {
    String v = values.get(name);
    if (v == null) throw new IllegalArgumentException("no goal named " + name);
    return v;
  }

  /** The value of goal {@code name} as a number. */
  public double number(String name) {
    return Double.parseDouble(text(name));
  }

  /** The value of goal {@code name} as a whole number (an N of the overlap family). */
  public int whole(String name) {
    return Integer.parseInt(text(name));
  }

  private static String resource(String name) {
    try (InputStream in = BenchGoals.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("missing resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
