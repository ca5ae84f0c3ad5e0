package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class AlloyCommandTest {

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int exit = cl.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private static Path spec(Path dir, String expectation) throws Exception {
    Path f = dir.resolve("toy.als");
    Files.writeString(
        f,
        String.join(
            "\n",
            "sig Node { next: lone Node }",
            "assert Acyclic { no n: Node | n in n.^next }",
            "check Acyclic for 2 expect " + expectation,
            ""));
    return f;
  }

  @Test
  void printsOneRowPerCommandAndSucceedsWhenExpectationsHold(@TempDir Path dir) throws Exception {
    Run r =
        run(
            "alloy",
            spec(dir, "1").toString(),
            "--timeout",
            "0",
            "--out",
            dir.resolve("out").toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("command"), r.out());
    assertTrue(
        r.out()
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("toy")
                        && l.contains("Acyclic")
                        && l.contains("counterexample")
                        && l.contains("cex")),
        r.out());
    assertTrue(Files.exists(dir.resolve("out").resolve("toy-Acyclic.xml")));
  }

  @Test
  void exitsOneOnAMismatch(@TempDir Path dir) throws Exception {
    Run r = run("alloy", spec(dir, "0").toString(), "--timeout", "0", "--out", dir.toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("MISMATCH"), r.out());
  }

  @Test
  void aCommandInAChildJvmLeavesNoTemporaryFiles(@TempDir Path dir) throws Exception {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    Set<Path> before = alloyTemporaries(tmp);
    Run r =
        run(
            "alloy",
            spec(dir, "1").toString(),
            "--timeout",
            "60",
            "--out",
            dir.resolve("out").toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertEquals(
        before,
        alloyTemporaries(tmp),
        "no alloy-*.cnf, spec copy or child directory left in " + tmp);
  }

  private static Set<Path> alloyTemporaries(Path tmp) throws Exception {
    try (var files = Files.list(tmp)) {
      return files
          .filter(
              p ->
                  p.getFileName().toString().startsWith("alloy-")
                      || p.getFileName().toString().startsWith("mountcheck-alloy-child"))
          .collect(Collectors.toSet());
    }
  }

  @Test
  void usageErrorsExitTwo(@TempDir Path dir) {
    assertEquals(2, run("alloy", dir.resolve("missing.als").toString()).exit());
    assertEquals(2, run("alloy", "--scope", "0").exit());
    assertEquals(2, run("alloy", "--no-such-option").exit());
  }
}
