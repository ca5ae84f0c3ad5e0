package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import picocli.CommandLine;

/** {@code bench model} on short scenarios: table, CSV, plot, scenario files and bad options. */
class BenchModelCommandTest {
  private record Run(int status, String out, String err) {}

  private static Run bench(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    String[] full = new String[args.length + 2];
    full[0] = "bench";
    full[1] = "model";
    System.arraycopy(args, 0, full, 2, args.length);
    return new Run(cli.execute(full), out.toString(), err.toString());
  }

  @Test
  void onePointPerShapeAndLengthInTableCsvAndPlot(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("m.csv");
    Path svg = dir.resolve("m.svg");
    Run r =
        bench(
            "--commands",
            "200,100",
            "--runs",
            "1",
            "--csv",
            csv.toString(),
            "--plot",
            svg.toString(),
            "--write-scenarios",
            dir.toString());
    assertEquals(0, r.status(), r.err());
    List<String> rows =
        r.out().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| shape")).toList();
    assertEquals(6, rows.size(), r.out());
    assertTrue(
        rows.get(0).startsWith("| stacked | 100 | 100 |"), rows.get(0)); // base + 98 stacked + root
    assertTrue(rows.get(1).startsWith("| stacked | 200 | 200 |"), rows.get(1));
    assertTrue(
        rows.get(3).startsWith("| wide | 200 | 199 |"), rows.get(3)); // root, base, peer, 2 x 98
    assertTrue(r.out().contains("stacked: time x"), r.out());
    List<String> lines = Files.readAllLines(csv);
    assertEquals("shape,commands,mounts_at_end,failed_commands,seconds", lines.get(0));
    assertEquals(7, lines.size());
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Element root = f.newDocumentBuilder().parse(svg.toFile()).getDocumentElement();
    assertEquals("svg", root.getNodeName());
    for (String shape : List.of("stacked", "wide", "mixed")) {
      assertTrue(root.getTextContent().contains(shape), shape);
      assertEquals(200, Files.readAllLines(dir.resolve(shape + "-200.sh")).size());
    }
  }

  @Test
  void jsonLinesGiveOneObjectPerPoint() {
    Run r =
        bench(
            "--commands", "50,100", "--runs", "1", "--shapes", "wide,stacked", "--format", "json");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(4, lines.size(), r.out());
    for (String l : lines) {
      assertTrue(l.startsWith("{") && l.endsWith("}") && l.contains("bench model"), l);
    }
    assertTrue(lines.get(0).contains("wide 50"), lines.get(0));
  }

  @Test
  void badOptionsExitTwo() {
    assertEquals(2, bench("--shapes", "round").status());
    assertEquals(2, bench("--commands", "3").status());
    assertEquals(2, bench("--runs", "0").status());
    assertEquals(2, bench("--plot", "x.pdf").status());
  }
}
