package mountcheck.cli.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import mountcheck.engine.Shard;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * Reads results back from what {@link JsonLines} and {@link JUnitXml} wrote: a file whose first
 * non-blank character is {@code <} is JUnit XML, any other is JSON Lines.
 */
public final class ResultReader {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ResultReader() {}

  /**
   * The results in {@code file}.
   *
   * @throws IllegalArgumentException with a one-line message naming the file and line when it is
   *     not a result file
   * @throws IOException when it cannot be read
   */
  public static List<Result> read(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    return text.stripLeading().startsWith("<") ? junit(file, text) : jsonLines(file, text);
  }

  static List<Result> jsonLines(Path file, String text) {
    List<Result> out = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) continue;
      try {
        out.add(fromJson(MAPPER.readTree(line)));
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException(
            file + ":" + (i + 1) + ": not a mountcheck JSON result: " + firstLine(e.getMessage()));
      }
    }
    return out;
  }

  private static Result fromJson(JsonNode n) {
    if (n.path("schema").asInt() != Result.SCHEMA)
      throw new IllegalArgumentException("schema is not " + Result.SCHEMA);
    Result r =
        Result.of(text(n, "command"), text(n, "name"), verdict(text(n, "verdict")))
            .withSeed(
                n.get("seed") == null || n.get("seed").isNull() ? null : n.get("seed").asLong())
            .withBudget(budget(n.path("budget")))
            .withCounterexample(nullable(n, "counterexample"))
            .withSeconds(n.path("seconds").asDouble())
            .withMessage(nullable(n, "message"));
    for (Iterator<Map.Entry<String, JsonNode>> it = n.path("counts").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      r = r.withCount(e.getKey(), e.getValue().asLong());
    }
    JsonNode s = n.get("shard");
    if (s != null && !s.isNull()) {
      List<Integer> discarded = new ArrayList<>();
      s.path("discarded-examples").forEach(d -> discarded.add(d.asInt()));
      Map<String, Long> labels = new LinkedHashMap<>();
      s.path("labels")
          .fields()
          .forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asLong()));
      JsonNode f = s.get("failing-example");
      r =
          r.withShard(
              new ShardRecord(
                  new Shard(s.path("index").asInt(), s.path("count").asInt()),
                  nullable(s, "kernel"),
                  f == null || f.isNull() ? null : f.asInt(),
                  discarded,
                  labels,
                  s.path("item").isNumber() ? s.get("item").asInt() : null,
                  s.path("items").isNumber() ? s.get("items").asInt() : null));
    }
    return r;
  }

  private static Budget budget(JsonNode b) {
    if (b.isMissingNode() || b.isNull()) return Budget.NONE;
    return new Budget(
        b.path("tries").isNumber() ? b.get("tries").asLong() : null,
        b.path("seconds").isNumber() ? b.get("seconds").asDouble() : null,
        b.path("factor").isNumber() ? b.get("factor").asDouble() : null);
  }

  static List<Result> junit(Path file, String text) {
    Document doc;
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(text)));
    } catch (Exception e) {
      throw new IllegalArgumentException(file + ": not JUnit XML: " + firstLine(e.getMessage()));
    }
    List<Result> out = new ArrayList<>();
    NodeList cases = doc.getElementsByTagName("testcase");
    for (int i = 0; i < cases.getLength(); i++) {
      Element c = (Element) cases.item(i);
      Map<String, String> p = new LinkedHashMap<>();
      NodeList props = c.getElementsByTagName("property");
      for (int j = 0; j < props.getLength(); j++) {
        Element e = (Element) props.item(j);
        p.put(e.getAttribute("name"), e.getAttribute("value"));
      }
      String classname = c.getAttribute("classname");
      if (!classname.startsWith("mountcheck.") || !p.containsKey("verdict")) {
        throw new IllegalArgumentException(
            file + ": testcase '" + c.getAttribute("name") + "' is not a mountcheck result");
      }
      String command = classname.substring("mountcheck.".length()).replace('.', ' ');
      Result r =
          Result.of(command, c.getAttribute("name"), verdict(p.get("verdict")))
              .withSeed(p.containsKey("seed") ? Long.valueOf(p.get("seed")) : null)
              .withBudget(
                  new Budget(
                      p.containsKey("budget.tries") ? Long.valueOf(p.get("budget.tries")) : null,
                      p.containsKey("budget.seconds")
                          ? Double.valueOf(p.get("budget.seconds"))
                          : null,
                      p.containsKey("budget.factor")
                          ? Double.valueOf(p.get("budget.factor"))
                          : null))
              .withCounterexample(p.get("counterexample"))
              .withSeconds(Double.parseDouble(c.getAttribute("time")))
              .withMessage(message(c));
      Map<String, Long> labels = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : p.entrySet()) {
        if (e.getKey().startsWith("counts."))
          r = r.withCount(e.getKey().substring(7), Long.parseLong(e.getValue()));
        if (e.getKey().startsWith("shard.label."))
          labels.put(e.getKey().substring(12), Long.valueOf(e.getValue()));
      }
      if (p.containsKey("shard")) {
        List<Integer> discarded = new ArrayList<>();
        String d = p.getOrDefault("shard.discarded-examples", "").strip();
        if (!d.isEmpty()) for (String x : d.split(" ")) discarded.add(Integer.valueOf(x));
        String failing = p.get("shard.failing-example");
        r =
            r.withShard(
                new ShardRecord(
                    Shard.parse(p.get("shard")),
                    p.get("shard.kernel"),
                    failing == null ? null : Integer.valueOf(failing),
                    discarded,
                    labels,
                    p.containsKey("shard.item") ? Integer.valueOf(p.get("shard.item")) : null,
                    p.containsKey("shard.items") ? Integer.valueOf(p.get("shard.items")) : null));
      }
      out.add(r);
    }
    return out;
  }

  private static String message(Element c) {
    for (String tag : List.of("failure", "error", "skipped")) {
      NodeList l = c.getElementsByTagName(tag);
      if (l.getLength() > 0) {
        String m = ((Element) l.item(0)).getAttribute("message");
        return m.equals(((Element) l.item(0)).getAttribute("type")) ? null : m;
      }
    }
    NodeList out = c.getElementsByTagName("system-out");
    return out.getLength() > 0 ? out.item(0).getTextContent() : null;
  }

  private static Verdict verdict(String word) {
    if (word == null) throw new IllegalArgumentException("no verdict");
    return Verdict.valueOf(word.toUpperCase(Locale.ROOT).replace('-', '_'));
  }

  private static String text(JsonNode n, String key) {
    JsonNode v = n.get(key);
    if (v == null || !v.isTextual()) throw new IllegalArgumentException("no '" + key + "'");
    return v.asText();
  }

  private static String nullable(JsonNode n, String key) {
    JsonNode v = n.get(key);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.strip().split("\\R", 2)[0];
  }
}
