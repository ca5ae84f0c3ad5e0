package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mountcheck.cli.ResultFormatsTest.Out;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The partition across kernels: a model-only campaign over kernel x shard (every kernel's model,
 * {@code check --kernel K --shard I/N}, as the CI definitions run it) merges into one result per
 * kernel and property that equals that kernel's unsharded run with the same seed; a missing or
 * doubled (kernel, shard) pair, or a kernel with no result at all, fails the merge. Small budget.
 */
class KernelShardMatrixTest {
  private static final long SEED = 20261201L;
  private static final int N = 3;
  private static final List<String> KERNELS = List.of("host", "5.10", "6.1", "6.12", "7.2");
  private static final List<String> CAMPAIGN =
      List.of(
          "check",
          "state-invariants",
          "metamorphic-unrelated-subtree",
          "--tries",
          "45",
          "--time",
          "600",
          "--seed",
          Long.toString(SEED),
          "--format",
          "json");

  @TempDir static Path dir;

  /** Kernel K's shard I/N results, by kernel and I. */
  private static final Map<String, List<Path>> SHARDS = new LinkedHashMap<>();

  /** Kernel K's unsharded results, by name. */
  private static final Map<String, Map<String, JsonNode>> WHOLE = new LinkedHashMap<>();

  @BeforeAll
  static void runTheMatrix() throws Exception {
    for (String k : KERNELS) {
      Out whole = check(k, null);
      assertEquals(0, whole.status(), whole.err());
      WHOLE.put(k, byName(whole.out()));
      List<Path> files = new ArrayList<>();
      for (int i = 0; i < N; i++) {
        Out shard = check(k, i + "/" + N);
        assertEquals(0, shard.status(), shard.err());
        for (JsonNode r : ResultFormatsTest.parseLines(shard.out())) {
          assertEquals(k, r.at("/shard/kernel").asText(), r.toString());
          assertEquals(i, r.at("/shard/index").asInt(), r.toString());
          assertEquals(SEED, r.get("seed").asLong());
        }
        Path f = dir.resolve(k + "-" + i + ".jsonl");
        Files.writeString(f, shard.out());
        files.add(f);
      }
      SHARDS.put(k, files);
    }
  }

  @Test
  void theMergedKernelByShardRunEqualsEachKernelsUnshardedRun() throws Exception {
    List<String> args = new ArrayList<>(List.of("merge", "--kernels", String.join(",", KERNELS)));
    SHARDS.values().forEach(fs -> fs.forEach(f -> args.add(f.toString())));
    args.addAll(List.of("--format", "json"));
    Out merged = ResultFormatsTest.run(args.toArray(String[]::new));
    assertEquals(0, merged.status(), merged.out() + merged.err());
    Map<String, Map<String, JsonNode>> byKernel = new LinkedHashMap<>();
    for (JsonNode r : ResultFormatsTest.parseLines(merged.out()))
      byKernel
          .computeIfAbsent(r.at("/shard/kernel").asText(), k -> new LinkedHashMap<>())
          .put(r.get("name").asText(), r);
    assertEquals(KERNELS, List.copyOf(byKernel.keySet()));
    for (String k : KERNELS) {
      Map<String, JsonNode> w = WHOLE.get(k);
      Map<String, JsonNode> m = byKernel.get(k);
      assertEquals(w.keySet(), m.keySet(), k);
      for (String name : w.keySet()) {
        for (String key : List.of("verdict", "seed", "counts", "counterexample"))
          assertEquals(w.get(name).get(key), m.get(name).get(key), k + " " + name + " " + key);
        assertEquals(w.get(name).at("/shard/labels"), m.get(name).at("/shard/labels"), k + name);
      }
    }
    // metamorphic-unrelated-subtree discards: checked and discarded make up the 45 drawn
    JsonNode renaming = byKernel.get("6.1").get("metamorphic-unrelated-subtree");
    assertEquals(
        45, renaming.at("/counts/examples").asLong() + renaming.at("/counts/discarded").asLong());

    Out text = ResultFormatsTest.run(args.subList(0, args.size() - 2).toArray(String[]::new));
    assertEquals(0, text.status(), text.out());
    for (String k : KERNELS)
      assertTrue(text.out().contains("kernel " + k + ": 2 results, all succeeded"), text.out());
  }

  @Test
  void aMissingOrDoubledKernelShardPairFailsTheMerge() {
    List<String> args = new ArrayList<>(List.of("merge"));
    for (String k : KERNELS)
      for (int i = 0; i < N; i++) {
        if (k.equals("6.1") && i == 2) continue; // (6.1, 2/3) is missing
        args.add(SHARDS.get(k).get(i).toString());
      }
    args.add(SHARDS.get("7.2").get(0).toString()); // (7.2, 0/3) twice
    Out o = ResultFormatsTest.run(args.toArray(String[]::new));
    assertEquals(1, o.status(), o.out());
    assertTrue(o.out().contains("kernel 6.1: shard 2/3 missing"), o.out());
    assertTrue(o.out().contains("kernel 7.2: shard 0/3 appears twice"), o.out());
    assertTrue(o.out().contains("kernel 5.10: 2 results, all succeeded"), o.out());
    assertTrue(o.out().contains("kernel 6.1: 2 results, 2 FAILED or missing"), o.out());
  }

  @Test
  void aKernelWithoutAnyResultIsMissingWhenTheKernelsAreNamed() {
    List<String> args = new ArrayList<>(List.of("merge"));
    for (String k : KERNELS)
      if (!k.equals("6.12")) SHARDS.get(k).forEach(f -> args.add(f.toString()));
    Out unnamed = ResultFormatsTest.run(args.toArray(String[]::new));
    assertEquals(0, unnamed.status(), unnamed.out()); // nothing says 6.12 was meant to run
    args.addAll(List.of("--kernels", String.join(",", KERNELS)));
    Out named = ResultFormatsTest.run(args.toArray(String[]::new));
    assertEquals(1, named.status(), named.out());
    assertTrue(
        named.out().contains("kernel 6.12: every shard missing (no result for this kernel)"),
        named.out());
  }

  private static Out check(String kernel, String shard) {
    List<String> a = new ArrayList<>(CAMPAIGN);
    a.addAll(List.of("--kernel", kernel, "--out", dir.resolve("cx").toString()));
    if (shard != null) a.addAll(List.of("--shard", shard));
    return ResultFormatsTest.run(a.toArray(String[]::new));
  }

  private static Map<String, JsonNode> byName(String jsonLines) throws Exception {
    Map<String, JsonNode> m = new LinkedHashMap<>();
    for (JsonNode n : ResultFormatsTest.parseLines(jsonLines)) m.put(n.get("name").asText(), n);
    assertFalse(m.isEmpty(), "no results in: " + jsonLines);
    return m;
  }
}
