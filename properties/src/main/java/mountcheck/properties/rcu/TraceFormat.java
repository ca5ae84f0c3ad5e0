package mountcheck.properties.rcu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.text.HeaderFormat;

/**
 * The readable counterexample format: a header of {@code # key: value} lines (property, variant,
 * bound, scenario, steps, status, violation), then the numbered steps {@code N. label}.
 */
public final class TraceFormat {
  private TraceFormat() {}

  /** A syntax error in a trace, with its line number. */
  public static final class TraceSyntaxException extends Exception {
    public TraceSyntaxException(String message) {
      super(message);
    }
  }

  public static String write(Counterexample c) {
    Map<String, String> header = new LinkedHashMap<>();
    header.put("property", c.property().id());
    header.put("statement", c.property().statement());
    header.put("variant", c.variant());
    header.put("bound", String.valueOf(c.bound()));
    header.put("scenario", c.scenario().label());
    header.put("steps", String.valueOf(c.steps().size()));
    header.put("status", c.status().label());
    header.put("violation", c.violation());
    StringBuilder sb = new StringBuilder("# mountcheck rcu counterexample\n");
    sb.append(HeaderFormat.render(header));
    for (int i = 0; i < c.steps().size(); i++)
      sb.append(i + 1).append(". ").append(c.steps().get(i)).append('\n');
    return sb.toString();
  }

  public static Counterexample parse(String text) throws TraceSyntaxException {
    List<String> headerLines = new ArrayList<>();
    List<String> steps = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      int no = i + 1;
      if (line.isEmpty()) continue;
      if (line.startsWith("#")) {
        headerLines.add(line);
        continue;
      }
      int dot = line.indexOf(". ");
      if (dot <= 0) throw new TraceSyntaxException("line " + no + ": expected 'N. step': " + line);
      int n;
      try {
        n = Integer.parseInt(line.substring(0, dot));
      } catch (NumberFormatException e) {
        throw new TraceSyntaxException("line " + no + ": bad step number: " + line);
      }
      if (n != steps.size() + 1)
        throw new TraceSyntaxException("line " + no + ": step " + n + " out of order");
      steps.add(line.substring(dot + 2));
    }
    Map<String, String> header = HeaderFormat.parse(headerLines);
    RcuProperty property =
        RcuProperty.byId(required(header, "property"))
            .orElseThrow(
                () -> new TraceSyntaxException("unknown property: " + header.get("property")));
    int bound;
    try {
      bound = Integer.parseInt(required(header, "bound"));
    } catch (NumberFormatException e) {
      throw new TraceSyntaxException("bad bound: " + header.get("bound"));
    }
    RcuScenario scenario;
    try {
      scenario = RcuScenario.byLabel(required(header, "scenario"));
    } catch (IllegalArgumentException e) {
      throw new TraceSyntaxException(e.getMessage());
    }
    TraceStatus status;
    try {
      status = TraceStatus.valueOf(required(header, "status").toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new TraceSyntaxException("status must be witness, expected or regression");
    }
    if (header.containsKey("steps") && !header.get("steps").equals(String.valueOf(steps.size())))
      throw new TraceSyntaxException(
          "header says " + header.get("steps") + " steps, found " + steps.size());
    return new Counterexample(
        property,
        required(header, "variant"),
        bound,
        scenario,
        steps,
        header.getOrDefault("violation", ""),
        status);
  }

  private static String required(Map<String, String> header, String key)
      throws TraceSyntaxException {
    String v = header.get(key);
    if (v == null || v.isEmpty()) throw new TraceSyntaxException("missing header '# " + key + ":'");
    return v;
  }

  public static Counterexample read(Path file) throws IOException, TraceSyntaxException {
    return parse(Files.readString(file, StandardCharsets.UTF_8));
  }

  /** File name: property, variant and a hash of the steps, so distinct traces never overwrite. */
  public static String fileName(Counterexample c) {
    return c.property().id()
        + "--"
        + c.variant()
        + "--"
        + String.format("%08x", c.steps().hashCode())
        + ".trace";
  }

  /** Writes the trace under dir (created if needed); an identical existing file is kept. */
  public static Path store(Path dir, Counterexample c) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(fileName(c));
    if (!Files.exists(file)) Files.writeString(file, write(c), StandardCharsets.UTF_8);
    return file;
  }
}
