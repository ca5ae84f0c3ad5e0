package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import picocli.CommandLine;

/**
 * {@code bench umount} on small N: the shape of its table and CSV, the budget cut-off, the plot
 * files. Mount counts are the commit's: 2^(N+1) + 1 (33, 65, 129 for N = 4, 5, 6).
 */
class BenchUmountCommandTest {
  private static final String HEADER =
      "| mounts | 2025 s | 2025 work | 2017 s | 2017 work | 2025-naive s | 2025-naive work"
          + " | 2017-naive s | 2017-naive work |";

  private record Run(int status, String out, String err) {}

  private static Run bench(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    String[] full = new String[args.length + 2];
    full[0] = "bench";
    full[1] = "umount";
    System.arraycopy(args, 0, full, 2, args.length);
    int status = cli.execute(full);
    return new Run(status, out.toString(), err.toString());
  }

  /** The table's lines: header, rule, then one row per N. */
  private static List<String> table(String out) {
    return out.lines().filter(l -> l.startsWith("|")).toList();
  }

  private static String[] cells(String row) {
    String inner = row.substring(1, row.length() - 1);
    return Arrays.stream(inner.split("\\|")).map(String::trim).toArray(String[]::new);
  }

  @Test
  void tableAndCsvHaveOneRowPerNAndOneLinePerPoint(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("bench.csv");
    Path png = dir.resolve("bench.png");
    Run r =
        bench(
            "--from",
            "4",
            "--to",
            "6",
            "--runs",
            "3",
            "--warmup",
            "2",
            "--warmup-seconds",
            "0.01",
            "--csv",
            csv.toString(),
            "--plot",
            png.toString());
    assertEquals(0, r.status(), r.err());

    List<String> table = table(r.out());
    assertEquals(HEADER, table.get(0));
    assertEquals(5, table.size(), r.out());
    List<String> mounts = table.subList(2, 5).stream().map(l -> cells(l)[0]).toList();
    assertEquals(List.of("33", "65", "129"), mounts);
    for (String row : table.subList(2, 5)) {
      String[] c = cells(row);
      assertEquals(9, c.length, row);
      for (int g = 0; g < 4; g++) {
        assertTrue(Double.parseDouble(c[1 + 2 * g]) >= 0, row);
        assertTrue(Long.parseLong(c[2 + 2 * g]) > 0, row);
      }
      // the naive twins do more work than the optimized generations on every member
      assertTrue(Long.parseLong(c[6]) > Long.parseLong(c[2]), row);
      assertTrue(Long.parseLong(c[8]) > Long.parseLong(c[4]), row);
    }
    assertTrue(r.out().contains("2025: no time ratio per doubling"), r.out());

    List<String> lines = Files.readAllLines(csv);
    assertEquals("generation,n,mounts,seconds,work", lines.get(0));
    assertEquals(1 + 3 * 4, lines.size());
    assertEquals(
        List.of("2025", "2017", "2025-naive", "2017-naive"),
        lines.subList(1, 5).stream().map(l -> l.split(",")[0]).toList());
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      assertEquals(5, f.length, line);
      int n = Integer.parseInt(f[1]);
      assertTrue(n >= 4 && n <= 6, line);
      assertEquals((1 << (n + 1)) + 1, Integer.parseInt(f[2]), line);
      assertTrue(Double.parseDouble(f[3]) >= 0, line);
      assertTrue(Long.parseLong(f[4]) > 0, line);
    }

    byte[] image = Files.readAllBytes(png);
    assertArrayEquals(
        new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, Arrays.copyOf(image, 8));
    assertTrue(r.err().contains("N=6 2017-naive"), "progress goes to stderr: " + r.err());
    assertFalse(
        r.err().contains("note:"), "every generation takes what the kernel takes: " + r.err());
  }

  @Test
  void aGenerationOverTheBudgetIsMarkedAndNotRunForLargerN(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("bench.csv");
    Run r =
        bench(
            "--from",
            "4",
            "--to",
            "6",
            "--runs",
            "1",
            "--warmup",
            "0",
            "--warmup-seconds",
            "0",
            "--budget",
            "1e-12",
            "--generations",
            "2025,2017-naive",
            "--csv",
            csv.toString());
    assertEquals(0, r.status(), r.err());
    List<String> table = table(r.out());
    assertEquals("| mounts | 2025 s | 2025 work | 2017-naive s | 2017-naive work |", table.get(0));
    String[] first = cells(table.get(2));
    assertEquals(">budget", first[1]);
    assertTrue(Long.parseLong(first[2]) > 0, "the work of a measured point is shown");
    assertEquals(">budget", first[3]);
    // nothing was run after N=4
    assertEquals(3, table.size(), r.out());
    assertEquals(3, Files.readAllLines(csv).size(), "header and the two N=4 points");
  }

  @Test
  void aLaterNIsMarkedOverTheBudgetForTheGenerationThatPassedIt() {
    // The naive twin's work grows fourfold per N: 268 million lookups at N=13, which no machine
    // does in 0.1 s, so it passes the budget at some N <= 13. Where exactly depends on the
    // machine; what follows it does not: the first N past the budget is measured (its work is
    // shown), every larger N is not run ("-"). The optimized generation's work grows twofold
    // (57339 at N=13, about 0.005 s), far inside the budget.
    Run r =
        bench(
            "--from",
            "8",
            "--to",
            "13",
            "--runs",
            "1",
            "--warmup",
            "0",
            "--warmup-seconds",
            "0",
            "--budget",
            "0.1",
            "--generations",
            "2025,2025-naive");
    assertEquals(0, r.status(), r.err());
    List<String> rows = table(r.out()).subList(2, table(r.out()).size());
    assertEquals(6, rows.size(), r.out());
    int firstOver = -1;
    for (int i = 0; i < rows.size(); i++) {
      String[] row = cells(rows.get(i));
      assertFalse(
          row[1].startsWith(">"), "the optimized generation stays in the budget: " + r.out());
      if (firstOver < 0 && row[3].equals(">budget")) {
        firstOver = i;
        assertTrue(Long.parseLong(row[4]) > 0, "the N that passed the budget was run: " + r.out());
      } else if (firstOver >= 0) {
        assertEquals(">budget", row[3], r.out());
        assertEquals("-", row[4], "no larger N is run once one passed: " + r.out());
      }
    }
    assertTrue(firstOver >= 0, "the naive twin passes 0.1 s by N=13: " + r.out());
  }

  @Test
  void svgPlotHasAnSvgRootAndTheModelGraphGivesTheKernelsVictims(@TempDir Path dir)
      throws Exception {
    Path svg = dir.resolve("bench.svg");
    Run r =
        bench(
            "--from",
            "3",
            "--to",
            "4",
            "--runs",
            "1",
            "--warmup",
            "0",
            "--warmup-seconds",
            "0",
            "--graph",
            "model",
            "--generations",
            "2025,2017",
            "--plot",
            svg.toString());
    assertEquals(0, r.status(), r.err());
    assertEquals(
        List.of("17", "33"), table(r.out()).subList(2, 4).stream().map(l -> cells(l)[0]).toList());
    assertFalse(r.err().contains("note:"), r.err());
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Element root = f.newDocumentBuilder().parse(svg.toFile()).getDocumentElement();
    assertEquals("svg", root.getLocalName());
    assertEquals("http://www.w3.org/2000/svg", root.getNamespaceURI());
    assertTrue(Files.readString(svg).contains(">2017<"), "legend names the series");
  }

  @Test
  void badOptionsAreUsageErrorsAndNothingRuns(@TempDir Path dir) {
    Run unknown = bench("--from", "4", "--to", "4", "--generations", "2025,1999");
    assertEquals(2, unknown.status());
    assertTrue(unknown.err().contains("unknown generation '1999'"), unknown.err());
    assertEquals("", unknown.out());

    Run plot = bench("--from", "4", "--to", "4", "--plot", dir.resolve("p.gif").toString());
    assertEquals(2, plot.status());
    assertTrue(plot.err().contains("must end in .png or .svg"), plot.err());
    assertFalse(Files.exists(dir.resolve("p.gif")));

    assertEquals(2, bench("--from", "7", "--to", "6").status());
    assertEquals(2, bench("--graph", "kernel").status());
  }
}
