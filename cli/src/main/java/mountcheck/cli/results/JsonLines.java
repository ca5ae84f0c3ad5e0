package mountcheck.cli.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * Writes results as JSON Lines: one JSON object per line, fields in a fixed order, null fields
 * written as {@code null} so that every object has every key.
 */
public final class JsonLines {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonLines() {}

  public static void write(PrintWriter out, List<Result> results) {
    for (Result r : results) out.println(line(r));
    out.flush();
  }

  /** One result as one line of JSON. */
  public static String line(Result r) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("schema", Result.SCHEMA);
    o.put("command", r.command());
    o.put("name", r.name());
    o.put("verdict", r.verdict().word());
    o.put("ok", r.ok());
    if (r.seed() == null) o.putNull("seed");
    else o.put("seed", r.seed());
    ObjectNode budget = o.putObject("budget");
    putOrNull(budget, "tries", r.budget().tries());
    putOrNull(budget, "seconds", r.budget().seconds());
    putOrNull(budget, "factor", r.budget().factor());
    if (r.shard() == null) {
      o.putNull("shard");
    } else {
      ShardRecord sr = r.shard();
      ObjectNode shard = o.putObject("shard");
      shard.put("kernel", sr.kernel());
      shard.put("index", sr.shard().index());
      shard.put("count", sr.shard().count());
      if (sr.failingExample() == null) shard.putNull("failing-example");
      else shard.put("failing-example", sr.failingExample());
      ArrayNode discarded = shard.putArray("discarded-examples");
      sr.discardedExamples().forEach(discarded::add);
      ObjectNode labels = shard.putObject("labels");
      sr.labels().forEach(labels::put);
      if (sr.item() == null) {
        shard.putNull("item");
        shard.putNull("items");
      } else {
        shard.put("item", sr.item());
        shard.put("items", sr.items());
      }
    }
    ObjectNode counts = o.putObject("counts");
    for (Map.Entry<String, Long> e : r.counts().entrySet()) counts.put(e.getKey(), e.getValue());
    o.put("counterexample", r.counterexample());
    o.put("seconds", Math.round(r.seconds() * 1000) / 1000.0);
    o.put("message", r.message());
    try {
      return MAPPER.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a result as JSON", e);
    }
  }

  private static void putOrNull(ObjectNode o, String key, Number n) {
    if (n == null) o.putNull(key);
    else if (n instanceof Long l) o.put(key, l);
    else o.put(key, n.doubleValue());
  }
}
