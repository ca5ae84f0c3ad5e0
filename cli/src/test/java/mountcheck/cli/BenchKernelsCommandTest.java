package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.experiments.bench.KernelBenchReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench kernels} without a kernel: {@code --replay} reads runs written by {@code --raw}, so
 * the command's tables, JSON results, CSV and plots are checked on fixed lines.
 */
class BenchKernelsCommandTest {
  private record Run(int status, String out, String err) {}

  private static Run bench(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    String[] full = new String[args.length + 2];
    full[0] = "bench";
    full[1] = "kernels";
    System.arraycopy(args, 0, full, 2, args.length);
    return new Run(cli.execute(full), out.toString(), err.toString());
  }

  static final String HOST =
      String.join(
          "\n",
          "# kernel: host",
          "# boot-seconds: NaN",
          "# run-seconds: 21.5",
          "# failure: ",
          "@@bench kernel 6.18.44",
          "@@bench info cpus=2 mount-max=100000",
          "@@bench umount 10 1 1000000 0 5",
          "@@bench umount 11 1 2000000 0 5",
          "@@bench seed-done 000 1000000000",
          "@@bench ipc exec 50 50000000 50 0",
          "@@bench ipc chain 50 75000000 50 0",
          "@@bench ipc loop 200 10000000 200 0",
          "@@bench seed-done 002 2000000000",
          "@@bench latency sync 16000 17000",
          "@@bench latency-end sync 2 0",
          "@@bench latency lazy 20000 21000",
          "@@bench latency-end lazy 2 0",
          "@@bench seed-done 001 3000000000",
          "@@bench mountinfo 1000 1020 54000 20 2 90000000 10000000",
          "@@bench seed-done 003 4000000000",
          "@@bench end",
          "");

  @Test
  void replayPrintsTheTablesAndWritesJsonCsvAndPlots(@TempDir Path dir) throws Exception {
    Path raw = Files.createDirectories(dir.resolve("raw"));
    Files.writeString(raw.resolve("host.txt"), HOST);
    // the CSV goes into a directory that does not exist yet, as verify's does on a fresh clone
    Path csv = dir.resolve("new/k.csv");
    Path plots = dir.resolve("plots");
    Run text =
        bench(
            "--kernel",
            "host",
            "--replay",
            raw.toString(),
            "--host-to",
            "11",
            "--ipc-loop",
            "200",
            "--ipc-chain",
            "50",
            "--csv",
            csv.toString(),
            "--plots",
            plots.toString());
    assertEquals(0, text.status(), text.err());
    assertTrue(text.out().startsWith(KernelBenchReport.TCG_NOTE), text.out());
    assertTrue(
        text.out().contains("| host | 6.18.44 | 2025 | 10..11 | 0.001 | 0.002 | 2.00 |"),
        text.out());
    assertTrue(
        text.out()
            .contains("| host | 6.18.44 | - | 21.5 | 000: 1.0, 002: 1.0, 001: 1.0, 003: 1.0 |"),
        text.out());
    List<String> rows = Files.readAllLines(csv);
    assertEquals(KernelBenchReport.CSV_HEADER, rows.get(0));
    assertTrue(
        rows.contains("host,6.18.44,000,umount_detach,10,0.00100000,s,1,2025,7163,work,,0/1"),
        rows.toString());
    for (String seed : List.of("000", "001", "002", "003"))
      assertTrue(Files.size(plots.resolve("seed-" + seed + ".png")) > 1000, seed);

    Run json =
        bench(
            "--kernel", "host", "--replay", raw.toString(), "--host-to", "11", "--format", "json");
    assertEquals(0, json.status(), json.err());
    List<String> lines = json.out().lines().toList();
    assertEquals(4, lines.size(), json.out());
    assertTrue(lines.get(0).contains("\"name\":\"host seed 000\""), lines.get(0));
    assertTrue(lines.get(0).contains("\"umount_ns_n11\":2000000"), lines.get(0));
    assertTrue(lines.get(3).contains("\"ratio_x1000\":9000"), lines.get(3));
  }

  /**
   * The committed run (experiments/runs/kernels) is data with its rendering beside it: replaying
   * its raw lines gives back its CSV byte for byte and its Markdown report, which adds only the
   * whole run's time (a replay runs nothing).
   */
  @Test
  void replayOfTheCommittedRunReproducesItsTablesAndCsv(@TempDir Path dir) throws Exception {
    Path run = Path.of("..", "experiments", "runs", "kernels");
    Path csv = dir.resolve("kernels.csv");
    Run replay = bench("--replay", run.resolve("raw").toString(), "--csv", csv.toString());
    assertEquals(0, replay.status(), replay.err());
    assertEquals(Files.readString(run.resolve("kernels.csv")), Files.readString(csv));
    String committed = Files.readString(run.resolve("report.md"));
    int whole = committed.lastIndexOf("\n\nWhole run: ");
    assertTrue(whole > 0, "the committed report ends with the whole run's time");
    assertEquals(committed.substring(0, whole + 1), replay.out());
  }

  /**
   * The committed run's raw lines (experiments/runs/kernels/raw, five kernels) replayed as 4
   * shards: each shard reports only its block of kernel x experiment items, records its shard in
   * every JSON result and CSV row, and {@code merge} gives back the unsharded run's results and CSV
   * exactly. A missing or doubled shard fails the merge.
   */
  @Test
  void shardsOfTheKernelByExperimentItemsMergeIntoTheUnshardedRun(@TempDir Path dir)
      throws Exception {
    String raw = Path.of("..", "experiments", "runs", "kernels", "raw").toString();
    Run whole =
        bench(
            "--replay",
            raw,
            "--host-to",
            "12", // the model's predictions beyond N=12 cost seconds per replay
            "--guest-to",
            "12",
            "--format",
            "json",
            "--csv",
            dir.resolve("whole.csv").toString());
    assertEquals(0, whole.status(), whole.err());
    List<String> wholeLines = whole.out().lines().toList();
    assertEquals(20, wholeLines.size(), whole.out()); // 5 kernels x 4 experiments
    for (int n : List.of(4)) {
      List<String> args = new ArrayList<>(List.of("merge", "--format", "json"));
      Set<String> seen = new HashSet<>();
      for (int i = 0; i < n; i++) {
        Path json = dir.resolve(n + "-" + i + ".jsonl");
        Path csv = dir.resolve(n + "-" + i + ".csv");
        Run shard =
            bench(
                "--replay",
                raw,
                "--host-to",
                "12",
                "--guest-to",
                "12",
                "--shard",
                i + "/" + n,
                "--format",
                "json",
                "--csv",
                csv.toString());
        assertEquals(0, shard.status(), shard.err());
        assertTrue(shard.err().contains("shard " + i + "/" + n + ": items "), shard.err());
        for (JsonNode r : ResultFormatsTest.parseLines(shard.out())) {
          assertEquals(i, r.at("/shard/index").asInt(), r.toString());
          assertEquals(n, r.at("/shard/count").asInt(), r.toString());
          assertEquals(20, r.at("/shard/items").asInt(), r.toString());
          assertTrue(r.get("name").asText().startsWith(r.at("/shard/kernel").asText() + " seed "));
          assertTrue(seen.add(r.get("name").asText()), "two shards measured " + r.get("name"));
        }
        for (String row : Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size()))
          assertTrue(row.endsWith("," + i + "/" + n), row);
        Files.writeString(json, shard.out());
        args.add(json.toString());
        args.add(csv.toString());
      }
      assertEquals(20, seen.size(), n + " shards: " + seen);
      Path mergedCsv = dir.resolve(n + "-merged.csv");
      args.addAll(List.of("--csv", mergedCsv.toString()));
      ResultFormatsTest.Out merged = ResultFormatsTest.run(args.toArray(String[]::new));
      assertEquals(0, merged.status(), merged.out() + merged.err());
      List<JsonNode> m = ResultFormatsTest.parseLines(merged.out());
      List<JsonNode> w = ResultFormatsTest.parseLines(whole.out());
      assertEquals(w.size(), m.size(), merged.out());
      for (int i = 0; i < w.size(); i++) {
        for (String key : List.of("name", "verdict", "counts", "message", "shard"))
          assertEquals(w.get(i).get(key), m.get(i).get(key), key + " of result " + i);
      }
      assertEquals(
          Files.readString(dir.resolve("whole.csv")), Files.readString(mergedCsv), n + " shards");
    }
    // shard 1/4 left out: its items (5..9: 5.10's last three experiments, 6.1's first two) are
    // named missing; shard 2/4 given twice: doubled
    ResultFormatsTest.Out missing =
        ResultFormatsTest.run(
            "merge",
            dir.resolve("4-0.jsonl").toString(),
            dir.resolve("4-2.jsonl").toString(),
            dir.resolve("4-2.jsonl").toString(),
            dir.resolve("4-3.jsonl").toString());
    assertEquals(1, missing.status(), missing.out());
    assertTrue(missing.out().contains("items 5 (shard 1/4), 6 (shard 1/4)"), missing.out());
    assertTrue(missing.out().contains("item 10 (6.1 seed 001) appears twice"), missing.out());
  }

  @Test
  void aBadShardIsAOneLineUsageError() {
    for (String bad : List.of("4/4", "x", "1/0")) {
      Run r = bench("--kernel", "host", "--shard", bad);
      assertEquals(2, r.status(), bad + ": " + r.err());
      assertTrue(r.err().lines().findFirst().orElse("").contains("--shard"), r.err());
      assertTrue(r.out().isEmpty(), r.out());
    }
  }

  @Test
  void unknownKernelsAndSeedsAreBadUsage() {
    Run k = bench("--kernel", "9.9");
    assertEquals(2, k.status());
    assertTrue(k.err().contains("unknown kernel '9.9'"), k.err());
    Run s = bench("--kernel", "host", "--seeds", "004");
    assertEquals(2, s.status());
    assertTrue(s.err().contains("unknown seed '004'"), s.err());
  }
}
