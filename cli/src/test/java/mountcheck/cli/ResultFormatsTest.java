package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import mountcheck.cli.results.Budget;
import mountcheck.cli.results.JUnitXml;
import mountcheck.cli.results.JsonLines;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import picocli.CommandLine;

/**
 * --format json prints parseable JSON Lines with the documented fields; --junit writes JUnit XML.
 */
class ResultFormatsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The keys every JSON object has, in the order of docs/commands.md. */
  static final List<String> KEYS =
      List.of(
          "schema",
          "command",
          "name",
          "verdict",
          "ok",
          "seed",
          "budget",
          "shard",
          "counts",
          "counterexample",
          "seconds",
          "message");

  record Out(int status, String out, String err) {}

  static Out run(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(o, true));
    cl.setErr(new PrintWriter(e, true));
    int status = cl.execute(args);
    return new Out(status, o.toString(), e.toString());
  }

  static List<JsonNode> parseLines(String out) throws Exception {
    List<JsonNode> nodes = new ArrayList<>();
    for (String line : out.lines().toList()) {
      JsonNode n = JSON.readTree(line);
      List<String> keys = new ArrayList<>();
      n.fieldNames().forEachRemaining(keys::add);
      assertEquals(KEYS, keys, line);
      assertEquals(1, n.get("schema").asInt());
      nodes.add(n);
    }
    return nodes;
  }

  @Test
  void checkWritesOneJsonObjectPerPropertyAndNothingElseOnStdout(@TempDir Path dir)
      throws Exception {
    Path junit = dir.resolve("reports/check.xml");
    Out r =
        run(
            "check",
            "state-invariants",
            "metamorphic-renaming",
            "--tries",
            "40",
            "--seed",
            "1234567890",
            "--format",
            "json",
            "--junit",
            junit.toString(),
            "--out",
            dir.toString());
    List<JsonNode> lines = parseLines(r.out());
    assertEquals(2, lines.size(), r.out());
    JsonNode first = lines.get(0);
    assertEquals("check", first.get("command").asText());
    assertEquals("state-invariants", first.get("name").asText());
    assertEquals(1234567890L, first.get("seed").asLong());
    assertEquals(40, first.get("budget").get("tries").asLong());
    assertEquals(5.0, first.get("budget").get("factor").asDouble());
    assertTrue(first.get("counts").get("examples").asLong() > 0, first.toString());
    assertTrue(first.get("counts").has("discarded"), first.toString());
    assertEquals(first.get("verdict").asText().equals("passed"), first.get("ok").asBoolean());
    assertEquals("metamorphic-renaming", lines.get(1).get("name").asText());

    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
    Element suites = doc.getDocumentElement();
    assertEquals("testsuites", suites.getTagName());
    assertEquals("2", suites.getAttribute("tests"));
    Element suite = (Element) suites.getElementsByTagName("testsuite").item(0);
    assertEquals("mountcheck check", suite.getAttribute("name"));
    assertEquals(2, suite.getElementsByTagName("testcase").getLength());
    assertEquals(
        "state-invariants",
        ((Element) suite.getElementsByTagName("testcase").item(0)).getAttribute("name"));
  }

  @Test
  void aCaughtVariantIsACaughtResultWithItsCounterexample(@TempDir Path dir) throws Exception {
    Out r =
        run(
            "check",
            "--variant",
            "umount-2016",
            "--seed",
            "3",
            "--budget",
            "1",
            "--format",
            "json",
            "--out",
            dir.toString());
    assertEquals(0, r.status(), r.err());
    JsonNode n = parseLines(r.out()).get(0);
    assertEquals("caught", n.get("verdict").asText());
    assertTrue(n.get("ok").asBoolean());
    assertTrue(Files.isRegularFile(Path.of(n.get("counterexample").asText())), n.toString());
    assertTrue(n.get("counts").get("shrunk-commands").asLong() > 0, n.toString());
  }

  @Test
  void replayAndZ3AndBenchWriteJsonLines(@TempDir Path dir) throws Exception {
    List<String> args = new ArrayList<>(List.of("replay", "--format", "json"));
    try (var listing = Files.list(Path.of("..", "counterexamples"))) {
      listing.filter(p -> p.toString().endsWith(".sh")).forEach(p -> args.add(p.toString()));
    }
    Out replay = run(args.toArray(String[]::new));
    List<JsonNode> files = parseLines(replay.out());
    assertEquals(args.size() - 3, files.size(), replay.out());
    assertTrue(files.size() >= 2, replay.out());
    for (JsonNode f : files) assertEquals("replay", f.get("command").asText());

    Out z3 =
        run(
            "z3",
            "--states",
            "3",
            "--seed",
            "1234567890",
            "--bound",
            "2",
            "--mounts",
            "3",
            "--format",
            "json");
    List<JsonNode> checks = parseLines(z3.out());
    assertTrue(checks.size() >= 4, z3.out());
    assertEquals(1234567890L, checks.get(0).get("seed").asLong());

    Out bench =
        run(
            "bench",
            "umount",
            "--from",
            "3",
            "--to",
            "4",
            "--generations",
            "2025",
            "--runs",
            "1",
            "--warmup",
            "0",
            "--warmup-seconds",
            "0",
            "--format",
            "json");
    List<JsonNode> points = parseLines(bench.out());
    assertEquals(2, points.size(), bench.out());
    assertEquals("measured", points.get(0).get("verdict").asText());
    assertEquals(17, points.get(0).get("counts").get("mounts").asLong()); // 2^(N+1)+1 at N=3
    assertFalse(bench.err().contains("sink"), bench.err());
  }

  @Test
  void jUnitMarksFailuresErrorsAndSkipsAndEscapesText(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("r.xml");
    JUnitXml.write(
        f,
        List.of(
            Result.of("check", "p<&>", Verdict.FAILED)
                .withMessage("a \"quoted\" <failure>")
                .withSeed(7L)
                .withBudget(Budget.of(10, 2.5)),
            Result.of("alloy", "spec.Cmd", Verdict.ERROR).withMessage("solver died"),
            Result.of("conform", "model-agrees-with-kernel", Verdict.SKIPPED)
                .withMessage("no kernel"),
            Result.of("check", "q", Verdict.PASSED).withSeconds(1.5)));
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(f.toFile());
    Element root = doc.getDocumentElement();
    assertEquals("4", root.getAttribute("tests"));
    assertEquals("1", root.getAttribute("failures"));
    assertEquals("1", root.getAttribute("errors"));
    assertEquals("1", root.getAttribute("skipped"));
    Element failure = (Element) doc.getElementsByTagName("failure").item(0);
    assertEquals("a \"quoted\" <failure>", failure.getAttribute("message"));
    assertEquals("p<&>", ((Element) failure.getParentNode()).getAttribute("name"));
    assertEquals(3, doc.getElementsByTagName("testsuite").getLength());
  }

  @Test
  void aJsonLineHasEveryKeyEvenWhenEmpty() throws Exception {
    JsonNode n = JSON.readTree(JsonLines.line(Result.of("replay", "x.sh", Verdict.PASSED)));
    List<String> keys = new ArrayList<>();
    n.fieldNames().forEachRemaining(keys::add);
    assertEquals(KEYS, keys);
    assertTrue(n.get("seed").isNull());
    assertTrue(n.get("budget").get("tries").isNull());
  }
}
