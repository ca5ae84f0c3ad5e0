package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mountcheck.cli.ResultFormatsTest.Out;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local simulation that proves the partition: a campaign run as N=4 shards in four parallel
 * processes and merged gives the same verdicts, counts and counterexamples as the unsharded run
 * with the same seed. Budgets are small (a few seconds of work per shard).
 */
class ShardSimulationTest {
  private static final long SEED = 20261130L;
  private static final int N = 4;

  @TempDir Path dir;

  @Test
  void fourShardsOfAPassingCampaignMergeIntoTheUnshardedRun() throws Exception {
    List<String> campaign =
        List.of(
            "check",
            "umount-2025-equals-naive-twin",
            "metamorphic-unrelated-subtree",
            "--tries",
            "120",
            "--time",
            "600",
            "--seed",
            Long.toString(SEED));
    List<Path> shards = shardsAsProcesses("pass", campaign);
    Map<String, JsonNode> whole = byName(unsharded(campaign, "pass"));
    Out merged = ResultFormatsTest.run(args("merge", shards, "--format", "json"));
    Map<String, JsonNode> fromJson = byName(merged.out());
    assertSame(whole, fromJson);
    assertEquals(
        whole.values().stream().allMatch(n -> n.get("ok").asBoolean()) ? 0 : 1,
        merged.status(),
        merged.err());
    // label counts are merged (the twins property requires label shares)
    assertFalse(fromJson.get("umount-2025-equals-naive-twin").at("/shard/labels").isEmpty());
    // metamorphic-unrelated-subtree discards examples: checked and discarded make up the 120 drawn
    JsonNode renaming = fromJson.get("metamorphic-unrelated-subtree");
    assertTrue(renaming.at("/counts/discarded").asLong() > 0, renaming.toString());
    assertEquals(
        120, renaming.at("/counts/examples").asLong() + renaming.at("/counts/discarded").asLong());

    // the JUnit XML reports of the shards merge to the same
    List<Path> junit = new ArrayList<>();
    for (int i = 0; i < N; i++) junit.add(dir.resolve("pass-" + i + ".xml"));
    assertSame(
        whole, byName(ResultFormatsTest.run(args("merge", junit, "--format", "json")).out()));

    // a missing shard is detected, named, and fails the merge
    Out missing = ResultFormatsTest.run(args("merge", shards.subList(0, N - 1)));
    assertEquals(1, missing.status(), missing.out());
    assertTrue(missing.out().contains("shard 3/4 missing"), missing.out());
  }

  @Test
  void fourShardsOfAFailingCampaignFindAndShrinkTheUnshardedFailure() throws Exception {
    List<String> campaign =
        List.of(
            "check",
            "--variant",
            "umount-2016",
            "--tries",
            "400",
            "--time",
            "600",
            "--seed",
            Long.toString(SEED));
    List<Path> shards = shardsAsProcesses("fail", campaign);
    Map<String, JsonNode> whole = byName(unsharded(campaign, "fail"));
    Out merged = ResultFormatsTest.run(args("merge", shards, "--format", "json"));
    assertEquals(0, merged.status(), merged.out() + merged.err());
    Map<String, JsonNode> fromShards = byName(merged.out());
    assertSame(whole, fromShards);
    JsonNode w = whole.values().iterator().next();
    JsonNode m = fromShards.values().iterator().next();
    assertEquals("caught", m.get("verdict").asText());
    // the failing example lies in the shard that owns its index, which shrank it
    int f = m.at("/shard/failing-example").asInt();
    assertEquals(w.at("/shard/failing-example").asInt(), f);
    Path shardFile = Path.of(m.get("counterexample").asText());
    Path wholeFile = Path.of(w.get("counterexample").asText());
    assertTrue(shardFile.startsWith(dir.resolve("cx-fail-shards")), shardFile.toString());
    assertEquals(wholeFile.getFileName(), shardFile.getFileName());
    assertEquals(body(wholeFile), body(shardFile));
    String header = Files.readString(shardFile);
    assertTrue(header.contains("# seed: " + SEED), header);
    assertTrue(header.contains("# shard: " + (f % N) + "/" + N), header);
    assertTrue(header.contains("--shard " + (f % N) + "/" + N), header);
  }

  @Test
  void aBadShardIsAOneLineUsageError() {
    for (String bad : List.of("4/4", "1/0", "x", "-1/2")) {
      Out o = ResultFormatsTest.run("check", "--shard", bad, "--tries", "1");
      assertEquals(2, o.status(), bad + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().contains("--shard"), o.err());
      assertTrue(o.out().isEmpty(), o.out());
    }
  }

  /** The verdicts, counts and (by file name) counterexamples of two runs are the same. */
  private static void assertSame(Map<String, JsonNode> whole, Map<String, JsonNode> merged) {
    assertEquals(whole.keySet(), merged.keySet());
    for (String name : whole.keySet()) {
      JsonNode w = whole.get(name);
      JsonNode m = merged.get(name);
      assertEquals(w.get("verdict"), m.get("verdict"), name + ": " + m);
      assertEquals(w.get("seed"), m.get("seed"), name);
      assertEquals(w.get("counts"), m.get("counts"), name);
      assertEquals(w.at("/shard/failing-example"), m.at("/shard/failing-example"), name);
      String wc =
          w.get("counterexample").isNull()
              ? null
              : Path.of(w.get("counterexample").asText()).getFileName().toString();
      String mc =
          m.get("counterexample").isNull()
              ? null
              : Path.of(m.get("counterexample").asText()).getFileName().toString();
      assertEquals(wc, mc, name);
      if (w.at("/shard/failing-example").isNull())
        assertEquals(w.at("/shard/labels"), m.at("/shard/labels"), name);
    }
  }

  private String unsharded(List<String> campaign, String tag) {
    List<String> a = new ArrayList<>(campaign);
    a.addAll(List.of("--out", dir.resolve("cx-" + tag + "-whole").toString(), "--format", "json"));
    Out o = ResultFormatsTest.run(a.toArray(String[]::new));
    assertFalse(o.out().isBlank(), o.err());
    return o.out();
  }

  /**
   * Runs the N shards of {@code campaign} as parallel processes; returns their JSON Lines files.
   */
  private List<Path> shardsAsProcesses(String tag, List<String> campaign)
      throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> running = new ArrayList<>();
    List<Path> outputs = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  java,
                  "-Xss8m",
                  "-XX:+UseSerialGC",
                  "-XX:TieredStopAtLevel=1",
                  "-cp",
                  System.getProperty("java.class.path"),
                  Main.class.getName()));
      cmd.addAll(campaign);
      cmd.addAll(
          List.of(
              "--shard",
              i + "/" + N,
              "--format",
              "json",
              "--junit",
              dir.resolve(tag + "-" + i + ".xml").toString(),
              "--out",
              dir.resolve("cx-" + tag + "-shards").toString()));
      Path out = dir.resolve(tag + "-" + i + ".jsonl");
      outputs.add(out);
      running.add(
          new ProcessBuilder(cmd)
              .redirectOutput(out.toFile())
              .redirectError(dir.resolve(tag + "-" + i + ".err").toFile())
              .start());
    }
    for (int i = 0; i < N; i++) {
      Process p = running.get(i);
      assertTrue(p.waitFor(10, TimeUnit.MINUTES), "shard " + i + " did not finish");
      String err = Files.readString(dir.resolve(tag + "-" + i + ".err"));
      assertTrue(
          p.exitValue() == 0 || p.exitValue() == 1,
          "shard " + i + " exited " + p.exitValue() + ": " + err);
      assertTrue(err.contains("seed " + SEED) && err.contains("shard " + i + "/" + N), err);
    }
    return outputs;
  }

  private static String[] args(String command, List<Path> files, String... more) {
    List<String> a = new ArrayList<>(List.of(command));
    files.forEach(f -> a.add(f.toString()));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  private static Map<String, JsonNode> byName(String jsonLines) throws Exception {
    Map<String, JsonNode> m = new LinkedHashMap<>();
    for (JsonNode n : ResultFormatsTest.parseLines(jsonLines)) m.put(n.get("name").asText(), n);
    assertFalse(m.isEmpty(), "no results in: " + jsonLines);
    return m;
  }

  /** A counterexample's scenario: its lines without the header comments. */
  private static List<String> body(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file).stream().filter(l -> !l.startsWith("#")).toList();
    assertNotNull(lines);
    assertFalse(lines.isEmpty(), file.toString());
    return lines;
  }
}
